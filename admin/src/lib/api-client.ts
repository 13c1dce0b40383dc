import type { z } from 'zod';
import { ApiErrorBodySchema, type ApiErrorBody } from 'content-schema/api-error';

/**
 * A non-OK answer of the API. `message` is the generic form: `STATUS: body text`
 * (or the status text when the body is empty); `detail` is the server's human message when it sent one.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | string | null;
  /** The answer's JSON as sent (a 409 carries the current state beside `error`), or null. */
  readonly json: unknown;

  constructor(status: number, statusText: string, body: ApiErrorBody | string | null, rawText: string) {
    super(`${status}: ${rawText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.json = parseJson(rawText);
  }

  /** The server's message (`{ error }`), else the raw body text, else null. */
  get detail(): string | null {
    if (this.body === null) return null;
    return typeof this.body === 'string' ? this.body : this.body.error;
  }

  /** Field-level issues of a 400 answer, if the server sent them. */
  get issues(): ApiErrorBody['issues'] {
    return typeof this.body === 'object' && this.body !== null ? this.body.issues : undefined;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

interface RequestOptions<S extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Lets the request outlive the page (an autosave on leaving it); bodies over 64 KB are refused by browsers. */
  keepalive?: boolean;
  /** Sent as JSON only when given. */
  body?: unknown;
  /** Validates the answer; without one the answer is ignored. */
  schema?: S;
  signal?: AbortSignal;
}

/**
 * Calls the same-origin API with the session cookie and validates the answer.
 * Throws `ApiError` for any non-OK status; does no UI work (toasts and the 401 redirect live in the query client).
 */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  options: RequestOptions<S> & { schema: S },
): Promise<z.output<S>>;
export async function apiRequest(path: string, options?: RequestOptions<z.ZodType>): Promise<void>;
export async function apiRequest<S extends z.ZodType>(path: string, options: RequestOptions<S> = {}) {
  const { method = 'GET', body, schema, signal, keepalive } = options;
  const hasBody = body !== undefined;
  const response = await fetch(`/api${path}`, {
    method,
    credentials: 'same-origin',
    headers: hasBody
      ? { 'Content-Type': 'application/json', Accept: 'application/json' }
      : { Accept: 'application/json' },
    body: hasBody ? JSON.stringify(body) : undefined,
    signal,
    ...(keepalive ? { keepalive } : {}),
  });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new ApiError(response.status, response.statusText, parseErrorBody(text), text);
  }
  if (!schema) return undefined;
  const parsed = schema.safeParse(await response.json());
  // A contract drift between admin and API: say where, keep zod's detail for the console.
  if (!parsed.success) throw new Error(`Unexpected answer from /api${path}`, { cause: parsed.error });
  return parsed.data;
}

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

function parseErrorBody(text: string): ApiErrorBody | string | null {
  if (!text) return null;
  try {
    const parsed = ApiErrorBodySchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : text;
  } catch {
    return text;
  }
}

/** Builds a query string from the defined entries only: parameters are sent only when set. */
export function toSearch(params: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

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

/** Every request asks for JSON; a JSON body says so. */
const ACCEPT_JSON = { Accept: 'application/json' } as const;
const SEND_JSON = { 'Content-Type': 'application/json', ...ACCEPT_JSON } as const;

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
    headers: hasBody ? SEND_JSON : ACCEPT_JSON,
    body: hasBody ? JSON.stringify(body) : undefined,
    signal,
    ...(keepalive ? { keepalive } : {}),
  });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new ApiError(response.status, response.statusText, parseErrorBody(text), text);
  }
  if (!schema) return undefined;
  return checked(path, schema, await response.json());
}

/** The answer validated against its schema. */
function checked<S extends z.ZodType>(path: string, schema: S, answer: unknown): z.output<S> {
  const parsed = schema.safeParse(answer);
  // A contract drift between admin and API: say where, keep zod's detail for the console.
  if (!parsed.success) throw new Error(`Unexpected answer from /api${path}`, { cause: parsed.error });
  return parsed.data;
}

interface UploadOptions<S extends z.ZodType> {
  /** POST (a new resource, the default) or PUT (a new file for one). */
  method?: 'POST' | 'PUT';
  /** Headers beside the file's own Content-Type (an upload's file name, say). */
  headers?: Record<string, string>;
  schema: S;
  /** Bytes of the body sent so far, as the browser sends them. */
  onProgress?: (sent: number) => void;
}

/**
 * Sends a file as the request's body (POST unless told PUT) and validates the answer, as `apiRequest` does (session cookie, Accept, an
 * `ApiError` for a non-OK status), through XMLHttpRequest: fetch reports no upload progress. A request that never
 * got an answer (the connection lost) rejects with a TypeError, as fetch does.
 */
export function apiUpload<S extends z.ZodType>(path: string, file: Blob, options: UploadOptions<S>) {
  return new Promise<z.output<S>>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', `/api${path}`);
    const headers = { ...ACCEPT_JSON, 'Content-Type': file.type || 'application/octet-stream', ...options.headers };
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => options.onProgress?.(event.loaded);
    xhr.onerror = () => reject(new TypeError(`No answer from /api${path}`));
    xhr.onload = () => {
      const text = xhr.responseText;
      if (xhr.status < 200 || xhr.status > 299) {
        reject(new ApiError(xhr.status, xhr.statusText, parseErrorBody(text), text));
        return;
      }
      try {
        resolve(checked(path, options.schema, parseJson(text)));
      } catch (error) {
        reject(error);
      }
    };
    xhr.send(file);
  });
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

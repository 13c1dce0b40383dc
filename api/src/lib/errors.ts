import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';

export interface Issue {
  path: string;
  message: string;
}

/** The one error type services throw; `app.onError` turns it into the JSON error answer. */
export class AppError extends Error {
  readonly status: ContentfulStatusCode;
  readonly issues?: Issue[];
  readonly headers?: Record<string, string>;
  /** Further members of the JSON answer (a 409's `current`). */
  readonly extra?: Record<string, unknown>;
  constructor(
    status: ContentfulStatusCode,
    message: string,
    options: { issues?: Issue[]; headers?: Record<string, string>; extra?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.status = status;
    this.issues = options.issues;
    this.headers = options.headers;
    this.extra = options.extra;
  }
}

export const notFound = (message = 'Not found') => new AppError(404, message);

/** Validates untrusted input against a schema or throws a 400 carrying the schema's messages. */
export function validate<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  throw new AppError(400, issues[0]?.message ?? 'Invalid input', { issues });
}

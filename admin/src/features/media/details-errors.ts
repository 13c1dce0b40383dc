import { isApiError } from '../../lib/api-client.ts';

/** Where a failed save's messages go: beside the fields the server named, else above the form's buttons. */
export type PlacedErrors<F extends string> = { field: F | 'root'; message: string }[];

const UNREACHABLE = 'The server did not answer. Check your connection and try again.';

/** What a refused change says: the server's message, or that it did not answer. */
export function refusalMessage(error: unknown): string {
  return isApiError(error) ? (error.detail ?? error.message) : UNREACHABLE;
}

/** Places the API's answer to a save on the form's fields (its `issues`), or on the form as a whole. */
export function placeErrors<F extends string>(error: unknown, fields: readonly F[]): PlacedErrors<F> {
  if (!isApiError(error)) return [{ field: 'root', message: UNREACHABLE }];
  const placed = (error.issues ?? []).flatMap((issue) => {
    const field = fields.find((f) => f === issue.path);
    return field ? [{ field, message: issue.message }] : [];
  });
  return placed.length > 0 ? placed : [{ field: 'root', message: refusalMessage(error) }];
}

import { INVALID_CODE_MESSAGE, WRONG_PASSWORD_MESSAGE } from 'content-schema/auth';
import { isApiError } from '../../lib/api-client.ts';

/** Where a failed security request's message belongs: beside a field of the form, or above its buttons. */
export interface PlacedError<F extends string> {
  field: F | 'root';
  message: string;
}

const UNREACHABLE_MESSAGE = 'The server did not answer. Check your connection and try again.';

/** The messages that are about one field, whichever request answered them. */
const FIELD_OF_MESSAGE: Record<string, string> = {
  [WRONG_PASSWORD_MESSAGE]: 'currentPassword',
  [INVALID_CODE_MESSAGE]: 'code',
};

/**
 * Places the API's error on a form: on a field the server named in `issues`, on the password or code field for the
 * messages about them, else on the form as a whole. Only fields the form has are used.
 */
export function placeServerError<F extends string>(error: unknown, fields: readonly F[]): PlacedError<F> {
  if (!isApiError(error)) return { field: 'root', message: UNREACHABLE_MESSAGE };
  const fieldNamed = (name: string | undefined) => fields.find((f) => f === name);
  for (const issue of error.issues ?? []) {
    const field = fieldNamed(issue.path);
    if (field) return { field, message: issue.message };
  }
  const message = error.detail ?? error.message;
  return { field: fieldNamed(FIELD_OF_MESSAGE[message]) ?? 'root', message };
}

import { LoginSchema, type Login } from 'content-schema/auth';

export type CredentialErrors = Partial<Record<keyof Login, string>>;

/** Values read from the sign-in form's fields (FormData gives null for a field it lacks). */
export interface CredentialFields {
  username: FormDataEntryValue | null;
  password: FormDataEntryValue | null;
}

/** The form's fields checked with LoginSchema: the credentials, or the first message per field. */
export function readCredentials(fields: CredentialFields): { credentials: Login } | { errors: CredentialErrors } {
  const parsed = LoginSchema.safeParse({ username: fields.username ?? '', password: fields.password ?? '' });
  if (parsed.success) return { credentials: parsed.data };
  const errors: CredentialErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'username' || field === 'password') && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

/** The one inline message of the sign-in form: a field's (username first), else the server's. */
export function loginMessage(errors: CredentialErrors, serverError: string | null): string | null {
  return errors.username ?? errors.password ?? serverError;
}

import { z } from 'zod';
import { ChangePasswordSchema } from 'content-schema/auth';

export const PASSWORDS_DO_NOT_MATCH_MESSAGE = 'Passwords do not match.';

/** The change-password form: the request's fields plus a confirmation that must repeat the new password. */
export const ChangePasswordFormSchema = ChangePasswordSchema.extend({ confirmPassword: z.string() }).refine(
  (values) => values.newPassword === values.confirmPassword,
  { message: PASSWORDS_DO_NOT_MATCH_MESSAGE, path: ['confirmPassword'] },
);
export type ChangePasswordForm = z.infer<typeof ChangePasswordFormSchema>;

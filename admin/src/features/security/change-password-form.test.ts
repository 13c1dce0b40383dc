import { describe, expect, it } from 'vitest';
import { ChangePasswordFormSchema, PASSWORDS_DO_NOT_MATCH_MESSAGE } from './change-password-form.ts';

const issuesOf = (values: Record<string, string>) => {
  const result = ChangePasswordFormSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('ChangePasswordFormSchema', () => {
  it('accepts a new password repeated exactly', () => {
    expect(
      issuesOf({ currentPassword: 'old', newPassword: 'a-long-new-password', confirmPassword: 'a-long-new-password' }),
    ).toEqual([]);
  });

  it('refuses a confirmation that differs, on the confirmation field', () => {
    expect(
      issuesOf({ currentPassword: 'old', newPassword: 'a-long-new-password', confirmPassword: 'a-long-new-passwore' }),
    ).toEqual([['confirmPassword', PASSWORDS_DO_NOT_MATCH_MESSAGE]]);
  });

  it('keeps the request’s own rules and messages', () => {
    expect(issuesOf({ currentPassword: '', newPassword: 'short', confirmPassword: 'short' })).toEqual([
      ['currentPassword', 'Current password is required.'],
      ['newPassword', 'New password must be at least 12 characters.'],
    ]);
  });
});

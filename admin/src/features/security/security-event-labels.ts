import type { SecurityEventType } from 'content-schema/auth';

/** The security log's event types as the admin reads them. */
export const SECURITY_EVENT_LABELS: Record<SecurityEventType, string> = {
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in',
  lockout: 'Sign-in locked',
  password_changed: 'Password changed',
  two_factor_enabled: 'Two-factor turned on',
  two_factor_disabled: 'Two-factor turned off',
  recovery_code_used: 'Recovery code used',
  recovery_codes_regenerated: 'Recovery codes regenerated',
  session_revoked: 'Session ended',
};

/** Events an admin should look at twice. */
export const WARNING_EVENTS: ReadonlySet<SecurityEventType> = new Set([
  'sign_in_failed',
  'lockout',
  'two_factor_disabled',
  'recovery_code_used',
]);

import { z } from 'zod';

const REQUIRED = 'Username and password are required.';

/** Body of POST /api/auth/login. */
export const LoginSchema = z.object({
  username: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(200, 'Username is too long.'),
  password: z.string({ error: REQUIRED }).min(1, REQUIRED).max(1000, 'Password is too long.'),
});
export type Login = z.infer<typeof LoginSchema>;

/** Answer of GET /api/auth/status. */
export const AuthStatusSchema = z.object({
  authenticated: z.boolean(),
  admin: z.string().nullable(),
});
export type AuthStatus = z.infer<typeof AuthStatusSchema>;

export const LOGIN_FAILED_MESSAGE = 'Login failed. Check your credentials.';

// ---------------------------------------------------------------------------------------------------------------
// Second factor, sessions, password and the security log. The admin's Security tab and the API share these.

export const TWO_FACTOR_REQUIRED_MESSAGE = 'Enter the code from your authenticator app.';
export const INVALID_CODE_MESSAGE = 'Invalid code. Try again.';
export const CHALLENGE_EXPIRED_MESSAGE = 'Sign-in expired. Enter your password again.';
export const WRONG_PASSWORD_MESSAGE = 'Current password is incorrect.';

/** Answer of POST /api/auth/login: a session, or (2FA on) a short-lived challenge to answer with a code. */
export const LoginResultSchema = z.union([
  AuthStatusSchema.extend({ authenticated: z.literal(true) }),
  z.object({
    authenticated: z.literal(false),
    twoFactorRequired: z.literal(true),
    /** Opaque, single-use, valid 5 minutes; sent back with the code. */
    challenge: z.string(),
  }),
]);
export type LoginResult = z.infer<typeof LoginResultSchema>;

/** A 6-digit TOTP code (spaces ignored) or a recovery code (`xxxxx-xxxxx`, case-insensitive). */
export const OtpCodeSchema = z
  .string({ error: INVALID_CODE_MESSAGE })
  .trim()
  .min(6, INVALID_CODE_MESSAGE)
  .max(32, INVALID_CODE_MESSAGE);

/** Body of POST /api/auth/login/verify; answers AuthStatus (authenticated) or 401 INVALID_CODE_MESSAGE. */
export const LoginVerifySchema = z.object({
  challenge: z
    .string({ error: CHALLENGE_EXPIRED_MESSAGE })
    .min(1, CHALLENGE_EXPIRED_MESSAGE)
    .max(200, CHALLENGE_EXPIRED_MESSAGE),
  code: OtpCodeSchema,
});
export type LoginVerify = z.infer<typeof LoginVerifySchema>;

const currentPassword = z
  .string({ error: 'Current password is required.' })
  .min(1, 'Current password is required.')
  .max(1000, 'Password is too long.');

/** Body of POST /api/auth/password. Other sessions are ended; the current one stays. */
export const ChangePasswordSchema = z.object({
  currentPassword,
  newPassword: z
    .string({ error: 'New password must be at least 12 characters.' })
    .min(12, 'New password must be at least 12 characters.')
    .max(1000, 'Password is too long.'),
});
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

/** Answer of GET /api/auth/2fa. */
export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int().min(0),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

/** Body of POST /api/auth/2fa/setup (password re-checked); answer: a new pending secret, not yet active. */
export const TwoFactorSetupSchema = z.object({ currentPassword });
export const TwoFactorSetupResultSchema = z.object({
  /** Base32 secret, for typing into an app by hand. */
  secret: z.string(),
  /** `otpauth://totp/Northwire:admin?secret=…&issuer=Northwire…`, for the QR code. */
  uri: z.string(),
});
export type TwoFactorSetupResult = z.infer<typeof TwoFactorSetupResultSchema>;

/** Body of POST /api/auth/2fa/enable: a code from the app proves the pending secret; answer: ten recovery codes, shown once. */
export const TwoFactorEnableSchema = z.object({ code: OtpCodeSchema });
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()).length(10) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

/** Body of POST /api/auth/2fa/disable and POST /api/auth/2fa/recovery-codes (new codes; the old ones stop working). */
export const TwoFactorConfirmSchema = z.object({ currentPassword, code: OtpCodeSchema });

/** One entry of GET /api/auth/sessions, newest use first. */
export const SessionInfoSchema = z.object({
  /** A public handle (not the cookie's id): DELETE /api/auth/sessions/:id ends it. */
  id: z.string(),
  current: z.boolean(),
  /** "Chrome on Linux", from the User-Agent at sign-in. */
  device: z.string(),
  ip: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;
export const SessionListSchema = z.array(SessionInfoSchema);

/** Answer of POST /api/auth/sessions/revoke-others and POST /api/auth/password. */
export const SessionsEndedSchema = z.object({ ended: z.number().int().min(0) });

export const SECURITY_EVENT_TYPES = [
  'sign_in',
  'sign_in_failed',
  'lockout',
  'password_changed',
  'two_factor_enabled',
  'two_factor_disabled',
  'recovery_code_used',
  'recovery_codes_regenerated',
  'session_revoked',
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

/** One entry of GET /api/auth/audit (newest 100 first): the security log shown in the admin. */
export const SecurityEventSchema = z.object({
  id: z.number().int(),
  type: z.enum(SECURITY_EVENT_TYPES),
  /** One readable line, e.g. "Locked sign-in from 203.0.113.9 for 60 s after 5 failed attempts". */
  detail: z.string(),
  ip: z.string().nullable(),
  device: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type SecurityEvent = z.infer<typeof SecurityEventSchema>;
export const SecurityEventListSchema = z.array(SecurityEventSchema);

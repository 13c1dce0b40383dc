/**
 * Query keys of the Security screen. Not under 'auth' on purpose: signing in again drops every query but the
 * auth status, and these (the current session's flag above all) belong to the session that fetched them.
 */
export const securityQueryKeys = {
  all: ['security'] as const,
  twoFactor: ['security', 'two-factor'] as const,
  sessions: ['security', 'sessions'] as const,
  log: ['security', 'log'] as const,
};

/**
 * The auth feature's public face: the router mounts the gate and the login screen; the query client, the dashboard
 * header and Security read the session.
 */
export { AuthGate } from './auth-gate.tsx';
export { LoginRoute } from './login-route.tsx';
export { authStatusQueryKey, SIGNED_OUT, useAuthStatus } from './api/get-auth-status.ts';
export { useLogout } from './api/logout.ts';

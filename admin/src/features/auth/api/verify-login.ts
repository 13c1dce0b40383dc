import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AuthStatusSchema, type AuthStatus, type LoginVerify } from 'content-schema/auth';
import { apiRequest } from '../../../lib/api-client.ts';
import { startSession } from './login.ts';

/** Answers the sign-in challenge with an authenticator or recovery code; the answer is the new session. */
export function verifyLogin(body: LoginVerify): Promise<AuthStatus> {
  return apiRequest('/auth/login/verify', { method: 'POST', body, schema: AuthStatusSchema });
}

/** The second sign-in step; errors (a wrong code, an expired challenge) are the form's to show, a 401 included. */
export function useVerifyLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyLogin,
    meta: { inlineErrors: true },
    onSuccess: (status) => startSession(queryClient, status),
  });
}

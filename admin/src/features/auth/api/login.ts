import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { LoginResultSchema, type AuthStatus, type Login, type LoginResult } from 'content-schema/auth';
import { apiRequest } from '../../../lib/api-client.ts';
import { authStatusQueryKey } from './get-auth-status.ts';

/** A session, or (second factor on) a challenge to answer with a code at POST /auth/login/verify. */
export function login(credentials: Login): Promise<LoginResult> {
  return apiRequest('/auth/login', { method: 'POST', body: credentials, schema: LoginResultSchema });
}

/** Records a new session in the cache, after the password alone or after the second step. */
export function startSession(queryClient: QueryClient, status: AuthStatus): void {
  // Whatever was cached before (or while signed out) may be partial: start afresh for the new session.
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authStatusQueryKey[0] });
  queryClient.setQueryData(authStatusQueryKey, status);
}

/** Signs in; the form shows failures inline, so the global handlers stay out (a 401 here is a wrong password). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    meta: { inlineErrors: true },
    onSuccess: (result) => {
      // A challenge is no session yet: nothing changes until the code is verified.
      if (result.authenticated) startSession(queryClient, result);
    },
  });
}

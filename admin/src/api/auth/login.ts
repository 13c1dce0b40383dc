import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AuthStatusSchema, type AuthStatus, type Login } from 'content-schema/auth';
import { apiRequest } from '../../lib/api-client.ts';
import { authStatusQueryKey } from './get-auth-status.ts';

export function login(credentials: Login): Promise<AuthStatus> {
  return apiRequest('/auth/login', { method: 'POST', body: credentials, schema: AuthStatusSchema });
}

/** Signs in; the form shows failures inline, so the global handlers stay out (a 401 here is a wrong password). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    meta: { inlineErrors: true },
    onSuccess: (status) => {
      // Whatever was cached before (or while signed out) may be partial: start afresh for the new session.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authStatusQueryKey[0] });
      queryClient.setQueryData(authStatusQueryKey, status);
    },
  });
}

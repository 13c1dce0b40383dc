import { queryOptions, useQuery } from '@tanstack/react-query';
import { AuthStatusSchema, type AuthStatus } from 'content-schema/auth';
import { apiRequest } from '../../../lib/api-client.ts';

export const authStatusQueryKey = ['auth', 'status'] as const;

export const SIGNED_OUT: AuthStatus = { authenticated: false, admin: null };

export function getAuthStatus(signal?: AbortSignal): Promise<AuthStatus> {
  return apiRequest('/auth/status', { schema: AuthStatusSchema, signal });
}

export const authStatusQueryOptions = queryOptions({
  queryKey: authStatusQueryKey,
  queryFn: ({ signal }) => getAuthStatus(signal),
});

export function useAuthStatus() {
  return useQuery(authStatusQueryOptions);
}

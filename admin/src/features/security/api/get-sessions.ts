import { queryOptions, useQuery } from '@tanstack/react-query';
import { SessionListSchema, type SessionInfo } from 'content-schema/auth';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityQueryKeys } from './keys.ts';

export function getSessions(signal?: AbortSignal): Promise<SessionInfo[]> {
  return apiRequest('/auth/sessions', { schema: SessionListSchema, signal });
}

export const sessionsQueryOptions = queryOptions({
  queryKey: securityQueryKeys.sessions,
  queryFn: ({ signal }) => getSessions(signal),
  // Other devices sign in and out without this tab knowing: read the list afresh whenever the screen opens.
  refetchOnMount: 'always',
  meta: { errorToast: { title: 'Could not load sessions', variant: 'destructive' } },
});

export function useSessions() {
  return useQuery(sessionsQueryOptions);
}

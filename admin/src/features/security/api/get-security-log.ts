import { queryOptions, useQuery } from '@tanstack/react-query';
import { SecurityEventListSchema, type SecurityEvent } from 'content-schema/auth';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityQueryKeys } from './keys.ts';

/** The newest security events first (sign-ins, failures, lockouts, changes to the password and second factor). */
export function getSecurityLog(signal?: AbortSignal): Promise<SecurityEvent[]> {
  return apiRequest('/auth/audit', { schema: SecurityEventListSchema, signal });
}

export const securityLogQueryOptions = queryOptions({
  queryKey: securityQueryKeys.log,
  queryFn: ({ signal }) => getSecurityLog(signal),
  // Failed sign-ins elsewhere are the point of the log: read it afresh whenever the screen opens.
  refetchOnMount: 'always',
  meta: { errorToast: { title: 'Could not load the security log', variant: 'destructive' } },
});

export function useSecurityLog() {
  return useQuery(securityLogQueryOptions);
}

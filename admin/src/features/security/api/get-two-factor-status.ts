import { queryOptions, useQuery } from '@tanstack/react-query';
import { TwoFactorStatusSchema, type TwoFactorStatus } from 'content-schema/auth';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityQueryKeys } from './keys.ts';

export function getTwoFactorStatus(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return apiRequest('/auth/2fa', { schema: TwoFactorStatusSchema, signal });
}

export const twoFactorStatusQueryOptions = queryOptions({
  queryKey: securityQueryKeys.twoFactor,
  queryFn: ({ signal }) => getTwoFactorStatus(signal),
  meta: { errorToast: { title: 'Could not load two-factor status', variant: 'destructive' } },
});

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQueryOptions);
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { TwoFactorConfirmSchema, TwoFactorStatusSchema, type TwoFactorStatus } from 'content-schema/auth';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityQueryKeys } from './keys.ts';

export type TwoFactorConfirm = z.infer<typeof TwoFactorConfirmSchema>;

/** Turns the second factor off (password and a current code re-checked); its recovery codes stop working. */
export function disableTwoFactor(body: TwoFactorConfirm): Promise<TwoFactorStatus> {
  return apiRequest('/auth/2fa/disable', { method: 'POST', body, schema: TwoFactorStatusSchema });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    meta: { inlineErrors: true, successToast: { title: 'Two-factor authentication turned off' } },
    onSuccess: (status) => {
      queryClient.setQueryData(securityQueryKeys.twoFactor, status);
      return queryClient.invalidateQueries({ queryKey: securityQueryKeys.log });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { RecoveryCodesSchema, TwoFactorEnableSchema, type RecoveryCodes } from 'content-schema/auth';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityQueryKeys } from './keys.ts';

export type TwoFactorEnable = z.infer<typeof TwoFactorEnableSchema>;

/** Activates the pending secret with a code from the app; the answer holds the recovery codes, shown once. */
export function enableTwoFactor(body: TwoFactorEnable): Promise<RecoveryCodes> {
  return apiRequest('/auth/2fa/enable', { method: 'POST', body, schema: RecoveryCodesSchema });
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityQueryKeys.all }),
  });
}

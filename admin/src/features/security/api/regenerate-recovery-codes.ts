import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RecoveryCodesSchema, type RecoveryCodes } from 'content-schema/auth';
import { apiRequest } from '../../../lib/api-client.ts';
import type { TwoFactorConfirm } from './disable-two-factor.ts';
import { securityQueryKeys } from './keys.ts';

/** Ten new recovery codes (password and a current code re-checked); the old ones stop working. */
export function regenerateRecoveryCodes(body: TwoFactorConfirm): Promise<RecoveryCodes> {
  return apiRequest('/auth/2fa/recovery-codes', { method: 'POST', body, schema: RecoveryCodesSchema });
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityQueryKeys.all }),
  });
}

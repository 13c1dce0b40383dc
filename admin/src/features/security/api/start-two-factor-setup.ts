import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { TwoFactorSetupResultSchema, TwoFactorSetupSchema, type TwoFactorSetupResult } from 'content-schema/auth';
import { apiRequest } from '../../../lib/api-client.ts';

export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

/** A new pending secret (the password re-checked); nothing changes for sign-in until a code proves it. */
export function startTwoFactorSetup(body: TwoFactorSetup): Promise<TwoFactorSetupResult> {
  return apiRequest('/auth/2fa/setup', { method: 'POST', body, schema: TwoFactorSetupResultSchema });
}

/** Errors are the form's to show: a wrong password may come back as 401, which must not sign the admin out. */
export function useStartTwoFactorSetup() {
  return useMutation({ mutationFn: startTwoFactorSetup, meta: { inlineErrors: true } });
}

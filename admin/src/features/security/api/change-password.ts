import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { SessionsEndedSchema, type ChangePassword } from 'content-schema/auth';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityQueryKeys } from './keys.ts';

export type SessionsEnded = z.infer<typeof SessionsEndedSchema>;

/** Changes the password; every other session ends, this one stays. */
export function changePassword(body: ChangePassword): Promise<SessionsEnded> {
  return apiRequest('/auth/password', { method: 'POST', body, schema: SessionsEndedSchema });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityQueryKeys.all }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SessionsEndedSchema } from 'content-schema/auth';
import { apiRequest } from '../../../lib/api-client.ts';
import type { SessionsEnded } from './change-password.ts';
import { securityQueryKeys } from './keys.ts';
import { endedSessionsText } from '../sessions-ended.ts';

/** Ends every session but this one. */
export function endOtherSessions(): Promise<SessionsEnded> {
  return apiRequest('/auth/sessions/revoke-others', { method: 'POST', schema: SessionsEndedSchema });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    meta: {
      successToast: (data) => ({ title: 'Sessions ended', description: endedSessionsText(data as SessionsEnded) }),
      errorToast: { title: 'Could not end the other sessions', variant: 'destructive' },
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityQueryKeys.all }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityQueryKeys } from './keys.ts';

/** Ends one other session by its public handle; that device is signed out at its next request. */
export function endSession(id: string): Promise<void> {
  return apiRequest(`/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    meta: {
      successToast: { title: 'Session ended' },
      errorToast: { title: 'Could not end the session', variant: 'destructive' },
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityQueryKeys.all }),
  });
}

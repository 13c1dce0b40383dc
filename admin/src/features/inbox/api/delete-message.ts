import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { inboxQueryKeys } from './keys.ts';

/** DELETE /api/messages/:id */
export function deleteMessage(id: number): Promise<void> {
  return apiRequest(`/messages/${id}`, { method: 'DELETE' });
}

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    meta: {
      successToast: { title: 'Message deleted' },
      errorToast: { title: 'Could not delete the message', variant: 'destructive' },
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: inboxQueryKeys.all }),
  });
}

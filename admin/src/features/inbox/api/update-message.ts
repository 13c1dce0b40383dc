import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageDetailSchema, type MessageDetail, type MessageUpdate } from 'content-schema/messages';
import { apiRequest } from '../../../lib/api-client.ts';
import { inboxQueryKeys } from './keys.ts';

/** PUT /api/messages/:id: status, notes and/or read. */
export function updateMessage({ id, patch }: { id: number; patch: MessageUpdate }): Promise<MessageDetail> {
  return apiRequest(`/messages/${id}`, { method: 'PUT', body: patch, schema: MessageDetailSchema });
}

export function useUpdateMessage(opts: { successToast?: string } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMessage,
    meta: {
      ...(opts.successToast ? { successToast: { title: opts.successToast } } : {}),
      errorToast: { title: 'Could not update the message', variant: 'destructive' },
    },
    onSuccess: (message) => {
      queryClient.setQueryData(inboxQueryKeys.detail(message.id), message);
      void queryClient.invalidateQueries({ queryKey: ['inbox', 'list'] });
      void queryClient.invalidateQueries({ queryKey: inboxQueryKeys.unread });
    },
  });
}

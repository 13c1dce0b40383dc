import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification } from 'content-schema/notification';
import { apiRequest } from '../../../lib/api-client.ts';
import { notificationsQueryKey } from './get-notifications.ts';

export function removeNotification(id: number): Promise<void> {
  return apiRequest(`/notifications/${id}`, { method: 'DELETE' });
}

export function useRemoveNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeNotification,
    meta: { errorToast: { title: 'Failed to remove notification', variant: 'destructive' } },
    onSuccess: (_data, id) =>
      queryClient.setQueryData<Notification[]>(notificationsQueryKey, (list) => list?.filter((n) => n.id !== id)),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NotificationSchema, type Notification } from 'content-schema/notification';
import { apiRequest } from '../../../lib/api-client.ts';
import { notificationsQueryKey } from './get-notifications.ts';

export function markNotificationRead(id: number): Promise<Notification> {
  return apiRequest(`/notifications/${id}/read`, { method: 'PUT', schema: NotificationSchema });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    meta: { errorToast: { title: 'Failed to update notification', variant: 'destructive' } },
    onSuccess: (updated) =>
      queryClient.setQueryData<Notification[]>(notificationsQueryKey, (list) =>
        list?.map((n) => (n.id === updated.id ? updated : n)),
      ),
  });
}

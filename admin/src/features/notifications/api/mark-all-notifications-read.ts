import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { Notification } from 'content-schema/notification';
import { apiRequest } from '../../../lib/api-client.ts';
import { notificationsQueryKey } from './get-notifications.ts';

export function markAllNotificationsRead(): Promise<{ updated: number }> {
  return apiRequest('/notifications/read-all', { method: 'PUT', schema: z.object({ updated: z.number() }) });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    meta: { errorToast: { title: 'Failed to update notifications', variant: 'destructive' } },
    onSuccess: () =>
      queryClient.setQueryData<Notification[]>(notificationsQueryKey, (list) =>
        list?.map((n) => ({ ...n, read: true })),
      ),
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { NotificationSchema, type Notification } from 'content-schema/notification';
import { apiRequest } from '../../../lib/api-client.ts';

export const notificationsQueryKey = ['notifications'] as const;

export function getNotifications(signal?: AbortSignal): Promise<Notification[]> {
  return apiRequest('/notifications', { schema: z.array(NotificationSchema), signal });
}

export const notificationsQueryOptions = queryOptions({
  queryKey: notificationsQueryKey,
  queryFn: ({ signal }) => getNotifications(signal),
});

export function useNotifications() {
  return useQuery(notificationsQueryOptions);
}

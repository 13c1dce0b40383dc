import { useQuery } from '@tanstack/react-query';
import { UnreadCountSchema } from 'content-schema/messages';
import { apiRequest } from '../../../lib/api-client.ts';
import { inboxQueryKeys } from './keys.ts';

/** GET /api/messages/unread-count: for the dashboard's Inbox link. */
export function getUnreadCount(signal?: AbortSignal): Promise<{ unread: number }> {
  return apiRequest('/messages/unread-count', { schema: UnreadCountSchema, signal });
}

export function useUnreadCount() {
  return useQuery({
    queryKey: inboxQueryKeys.unread,
    queryFn: ({ signal }) => getUnreadCount(signal),
    refetchOnMount: 'always',
  });
}

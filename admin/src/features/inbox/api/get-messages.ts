import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MessageListSchema, type MessageFilter, type MessageList } from 'content-schema/messages';
import { apiRequest, toSearch } from '../../../lib/api-client.ts';
import { inboxQueryKeys } from './keys.ts';

/** GET /api/messages: the newest messages matching the filter, and the Inbox's unread count. */
export function getMessages(filter: MessageFilter, signal?: AbortSignal): Promise<MessageList> {
  return apiRequest(`/messages${toSearch({ type: filter.type, status: filter.status })}`, {
    schema: MessageListSchema,
    signal,
  });
}

export function useMessages(filter: MessageFilter) {
  return useQuery({
    queryKey: inboxQueryKeys.list(filter),
    queryFn: ({ signal }) => getMessages(filter, signal),
    placeholderData: keepPreviousData,
    // Readers write at any time: read the list afresh whenever the Inbox opens.
    refetchOnMount: 'always',
  });
}

import type { MessageFilter } from 'content-schema/messages';

/** Query keys of the Inbox: every one starts with 'inbox', so one invalidation refreshes list, detail and count. */
export const inboxQueryKeys = {
  all: ['inbox'] as const,
  list: (filter: MessageFilter) => ['inbox', 'list', filter.type ?? '', filter.status ?? ''] as const,
  detail: (id: number) => ['inbox', 'message', id] as const,
  unread: ['inbox', 'unread'] as const,
  settings: ['inbox', 'settings'] as const,
};

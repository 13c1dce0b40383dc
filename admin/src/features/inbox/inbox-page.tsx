import { Link, useParams, useSearchParams } from 'react-router';
import type { MessageFilter } from 'content-schema/messages';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { useMessages } from './api/get-messages.ts';
import { InboxFilters } from './inbox-filters.tsx';
import { MessageDetailPanel } from './message-detail.tsx';
import { filterFromSearch, searchOfFilter, selectedMessage } from './message-labels.ts';
import { MessageList } from './message-list.tsx';
import { RetentionSettings } from './retention-settings.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';

/** The filter in the address (?type=&status=), anything unknown ignored. */
function useFilter(): [MessageFilter, (next: MessageFilter) => void] {
  const [params, setParams] = useSearchParams();
  return [filterFromSearch(params), (next) => setParams(searchOfFilter(next), { replace: true })];
}

/** The list's state: failed (with Try again), loading, empty (for these filters or at all), or the messages. */
function Messages({
  messages,
  filter,
  selected,
}: {
  messages: ReturnType<typeof useMessages>;
  filter: MessageFilter;
  selected: number | null;
}) {
  const items = messages.data?.items ?? [];
  if (messages.isError) {
    return <LoadFailed what="messages" onRetry={() => void messages.refetch()} />;
  }
  if (messages.isPending) return <p className="text-sm text-muted-foreground">Loading messages...</p>;
  if (items.length === 0) {
    return (
      <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
        {filter.type || filter.status ? 'No messages match these filters.' : 'No messages yet.'}
      </p>
    );
  }
  return <MessageList items={items} selected={selected} />;
}

/** /admin/inbox[/:id]: reader messages (contact, tips, correction requests) with filters, and the one opened. */
export function InboxPage() {
  const selected = selectedMessage(useParams().id);
  const [filter, setFilter] = useFilter();
  const messages = useMessages(filter);
  return (
    <div className="min-h-screen">
      <ScreenHeader title="Inbox">
        {messages.data ? (
          <span className="text-sm text-muted-foreground" data-testid="inbox-unread">
            {messages.data.unread} unread
          </span>
        ) : null}
      </ScreenHeader>
      <main className="mx-auto grid max-w-7xl gap-6 px-4 py-6 sm:px-6 lg:grid-cols-[24rem_1fr]">
        <section aria-label="Messages" className="grid content-start gap-4">
          <InboxFilters filter={filter} onChange={setFilter} />
          <Messages messages={messages} filter={filter} selected={selected} />
          <div className="rounded-lg border p-4">
            <RetentionSettings />
          </div>
          <p className="text-sm">
            <Link to="/outbox" className="underline underline-offset-2">
              Mail outbox
            </Link>{' '}
            <span className="text-muted-foreground">(mail to readers, when no SMTP server is set)</span>
          </p>
        </section>
        <section aria-label="Message details" className="min-h-64 rounded-lg border">
          {selected !== null ? (
            <MessageDetailPanel key={selected} id={selected} />
          ) : (
            <p className="p-6 text-sm text-muted-foreground">Choose a message to read it.</p>
          )}
        </section>
      </main>
    </div>
  );
}

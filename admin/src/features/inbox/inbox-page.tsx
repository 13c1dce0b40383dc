import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  MESSAGE_STATUSES,
  MESSAGE_STATUS_LABELS,
  MESSAGE_TYPES,
  MESSAGE_TYPE_LABELS,
  MessageFilterSchema,
  type MessageFilter,
} from 'content-schema/messages';
import { Badge } from '../../components/ui/badge.tsx';
import { Label } from '../../components/ui/label.tsx';
import { cn } from '../../lib/cn.ts';
import { useMessages } from './api/get-messages.ts';
import { MessageDetailPanel } from './message-detail.tsx';
import { STATUS_VARIANT, receivedAt } from './message-labels.ts';
import { RetentionSettings } from './retention-settings.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';

const SELECT = 'h-10 rounded-md border border-input bg-background px-3 text-sm';

/** The filter in the address (?type=&status=), anything unknown ignored. */
function useFilter(): [MessageFilter, (next: MessageFilter) => void] {
  const [params, setParams] = useSearchParams();
  const parsed = MessageFilterSchema.safeParse({
    type: params.get('type') || undefined,
    status: params.get('status') || undefined,
  });
  const filter = parsed.success ? parsed.data : {};
  return [
    filter,
    (next) => {
      const search = new URLSearchParams();
      if (next.type) search.set('type', next.type);
      if (next.status) search.set('status', next.status);
      setParams(search, { replace: true });
    },
  ];
}

/** /admin/inbox[/:id]: reader messages (contact, tips, correction requests) with filters, and the one opened. */
export function InboxPage() {
  const { id: idParam } = useParams();
  const selected = idParam && /^\d{1,15}$/.test(idParam) ? Number(idParam) : null;
  const [filter, setFilter] = useFilter();
  const messages = useMessages(filter);
  const navigate = useNavigate();
  const { search } = useLocation();
  const items = messages.data?.items ?? [];

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
          <div className="flex flex-wrap gap-3">
            <div className="grid gap-1">
              <Label htmlFor="inbox-type">Type</Label>
              <select
                id="inbox-type"
                className={SELECT}
                value={filter.type ?? ''}
                onChange={(e) => setFilter({ ...filter, type: (e.target.value || undefined) as MessageFilter['type'] })}
              >
                <option value="">All types</option>
                {MESSAGE_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {MESSAGE_TYPE_LABELS[t]}
                  </option>
                ))}
              </select>
            </div>
            <div className="grid gap-1">
              <Label htmlFor="inbox-status">Status</Label>
              <select
                id="inbox-status"
                className={SELECT}
                value={filter.status ?? ''}
                onChange={(e) =>
                  setFilter({ ...filter, status: (e.target.value || undefined) as MessageFilter['status'] })
                }
              >
                <option value="">All statuses</option>
                {MESSAGE_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {MESSAGE_STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {messages.isError ? (
            <p role="alert" className="text-sm text-destructive">
              Could not load messages.{' '}
              <button type="button" className="underline" onClick={() => void messages.refetch()}>
                Try again
              </button>
            </p>
          ) : messages.isPending ? (
            <p className="text-sm text-muted-foreground">Loading messages...</p>
          ) : items.length === 0 ? (
            <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
              {filter.type || filter.status ? 'No messages match these filters.' : 'No messages yet.'}
            </p>
          ) : (
            <ul className="divide-y rounded-lg border" aria-label="Messages">
              {items.map((m) => (
                <li key={m.id} data-testid="inbox-item">
                  <button
                    type="button"
                    onClick={() => void navigate(`/inbox/${m.id}${search}`)}
                    aria-current={m.id === selected ? 'true' : undefined}
                    className={cn(
                      'grid w-full gap-1 px-4 py-3 text-left hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                      m.id === selected && 'bg-accent',
                      !m.read && 'bg-muted/60',
                    )}
                  >
                    <span className="flex flex-wrap items-center gap-2 text-xs">
                      <Badge variant="outline">{MESSAGE_TYPE_LABELS[m.type]}</Badge>
                      <Badge variant={STATUS_VARIANT[m.status]}>{MESSAGE_STATUS_LABELS[m.status]}</Badge>
                      {!m.read ? <span className="font-semibold text-primary">Unread</span> : null}
                    </span>
                    <span className={cn('truncate text-sm', !m.read && 'font-semibold')}>{m.subject}</span>
                    <span className="flex justify-between gap-2 text-xs text-muted-foreground">
                      <span className="truncate">{m.from ?? 'Anonymous'}</span>
                      <time dateTime={m.createdAt}>{receivedAt(m.createdAt)}</time>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="rounded-lg border p-4">
            <RetentionSettings />
          </div>
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

import { useLocation, useNavigate } from 'react-router';
import { MESSAGE_STATUS_LABELS, MESSAGE_TYPE_LABELS, type MessageSummary } from 'content-schema/messages';
import { Badge } from '../../components/ui/badge.tsx';
import { cn } from '../../lib/cn.ts';
import { STATUS_VARIANT, receivedAt } from './message-labels.ts';

/** The messages of the filter, unread ones marked; choosing one opens it beside the list (the filter kept). */
export function MessageList({ items, selected }: { items: MessageSummary[]; selected: number | null }) {
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
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
  );
}

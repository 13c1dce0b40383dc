import { Check, X } from 'lucide-react';
import type { Notification } from 'content-schema/notification';
import { relativeTime } from 'content-schema/relative-time';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { followTarget, groupLead } from './notification-texts.ts';

const DOT: Record<Notification['type'], string> = {
  success: 'bg-green-600',
  info: 'bg-blue-600',
  warning: 'bg-amber-500',
  error: 'bg-red-600',
};

interface NotificationItemProps {
  n: Notification;
  now: Date;
  onFollow: (n: Notification) => void;
  onRead: (n: Notification) => void;
  onRemove: (n: Notification) => void;
}

/** One notification: its kind, title (unread ones bold), message, when, its action, Mark as read and Remove. */
export function NotificationItem({ n, now, onFollow, onRead, onRemove }: NotificationItemProps) {
  const lead = groupLead(n.count);
  return (
    <li className={cn('flex gap-3 px-3 py-3', !n.read && 'bg-muted/60')} data-testid="notification">
      <span className={cn('mt-1.5 size-2 shrink-0 rounded-full', DOT[n.type])} aria-hidden="true" />
      <div className="grid min-w-0 flex-1 gap-1">
        <p className={cn('text-sm', !n.read && 'font-semibold')}>
          {n.title}
          {!n.read ? <span className="sr-only"> (unread)</span> : null}
        </p>
        <p className="break-words text-sm text-muted-foreground">
          {lead ? (
            <span className="font-medium text-foreground" data-testid="notification-group-count">
              {lead}
            </span>
          ) : null}
          {n.message}
        </p>
        <div className="flex flex-wrap items-center gap-3 text-xs text-muted-foreground">
          <time dateTime={n.timestamp}>{relativeTime(n.timestamp, now)}</time>
          {followTarget(n) ? (
            <button
              type="button"
              className="font-medium text-primary underline-offset-4 hover:underline"
              onClick={() => onFollow(n)}
            >
              {n.actionText ?? 'Open'}
            </button>
          ) : null}
        </div>
      </div>
      <div className="flex shrink-0 flex-col gap-1">
        {!n.read ? (
          <Button
            variant="ghost"
            size="icon"
            className="size-7"
            onClick={() => onRead(n)}
            aria-label={`Mark “${n.title}” as read`}
          >
            <Check aria-hidden="true" />
          </Button>
        ) : null}
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          onClick={() => onRemove(n)}
          aria-label={`Remove “${n.title}”`}
        >
          <X aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}

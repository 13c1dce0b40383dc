import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Bell, Check, CheckCheck, X } from 'lucide-react';
import type { Notification } from 'content-schema/notification';
import { relativeTime } from 'content-schema/relative-time';
import { Button } from '../../components/ui/button.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '../../components/ui/popover.tsx';
import { cn } from '../../lib/cn.ts';
import { useNotifications } from './api/get-notifications.ts';
import { useMarkAllNotificationsRead } from './api/mark-all-notifications-read.ts';
import { useMarkNotificationRead } from './api/mark-notification-read.ts';
import { useRemoveNotification } from './api/remove-notification.ts';
import { actionTarget, unreadBadge } from '../../lib/unread-badge.ts';

const DOT: Record<Notification['type'], string> = {
  success: 'bg-green-600',
  info: 'bg-blue-600',
  warning: 'bg-amber-500',
  error: 'bg-red-600',
};

/** The header's bell (spec §2 Notification panel), fed by real events stored on the server. */
export function NotificationBell() {
  const notifications = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const remove = useRemoveNotification();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const { refetch } = notifications;

  // The list is refreshed when the panel opens and when the tab regains focus (issue 6), not polled.
  useEffect(() => {
    const onFocus = () => void refetch();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [refetch]);

  const items = notifications.data ?? [];
  const unread = items.filter((n) => !n.read).length;
  const badge = unreadBadge(unread);
  const now = new Date();

  function follow(n: Notification) {
    if (!n.read) markRead.mutate(n.id);
    const target = n.actionUrl ? actionTarget(n.actionUrl) : null;
    setOpen(false);
    if (target?.kind === 'admin') void navigate(target.path);
    else if (target?.kind === 'page') window.location.assign(target.href);
  }

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void refetch();
      }}
    >
      <PopoverTrigger asChild>
        <Button
          variant="outline"
          size="icon"
          className="relative"
          // The label carries the badge's own text ('9+' past nine), so what is seen is what is announced (WCAG 2.5.3).
          aria-label={badge ? `Notifications, ${badge} unread` : 'Notifications'}
        >
          <Bell aria-hidden="true" />
          {badge ? (
            <span
              data-testid="notification-count"
              className="absolute -right-1.5 -top-1.5 min-w-5 rounded-full bg-destructive px-1 text-center text-[11px] font-semibold leading-5 text-destructive-foreground"
            >
              {badge}
            </span>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-[min(24rem,calc(100vw-2rem))] p-0">
        <div className="flex items-center justify-between border-b px-3 py-2">
          <h2 className="text-sm font-semibold">Notifications</h2>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => markAll.mutate()}
            disabled={unread === 0 || markAll.isPending}
          >
            <CheckCheck aria-hidden="true" />
            Mark all read
          </Button>
        </div>
        {notifications.isError ? (
          <p role="alert" className="p-4 text-sm text-destructive">
            Could not load notifications.
          </p>
        ) : items.length === 0 ? (
          <p className="p-6 text-center text-sm text-muted-foreground">
            {notifications.isPending ? 'Loading...' : 'No notifications'}
          </p>
        ) : (
          <ul className="max-h-[60vh] divide-y overflow-y-auto" aria-label="Notifications">
            {items.map((n) => (
              <li
                key={n.id}
                className={cn('flex gap-3 px-3 py-3', !n.read && 'bg-muted/60')}
                data-testid="notification"
              >
                <span className={cn('mt-1.5 size-2 shrink-0 rounded-full', DOT[n.type])} aria-hidden="true" />
                <div className="grid min-w-0 flex-1 gap-1">
                  <p className={cn('text-sm', !n.read && 'font-semibold')}>
                    {n.title}
                    {!n.read ? <span className="sr-only"> (unread)</span> : null}
                  </p>
                  <p className="break-words text-sm text-muted-foreground">
                    {n.count > 1 ? (
                      <span className="font-medium text-foreground" data-testid="notification-group-count">
                        {n.count} times, latest:{' '}
                      </span>
                    ) : null}
                    {n.message}
                  </p>
                  <div className="flex flex-wrap items-center gap-3 text-xs text-muted-foreground">
                    <time dateTime={n.timestamp}>{relativeTime(n.timestamp, now)}</time>
                    {n.actionUrl && actionTarget(n.actionUrl) ? (
                      <button
                        type="button"
                        className="font-medium text-primary underline-offset-4 hover:underline"
                        onClick={() => follow(n)}
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
                      onClick={() => markRead.mutate(n.id)}
                      aria-label={`Mark “${n.title}” as read`}
                    >
                      <Check aria-hidden="true" />
                    </Button>
                  ) : null}
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-7"
                    onClick={() => remove.mutate(n.id)}
                    aria-label={`Remove “${n.title}”`}
                  >
                    <X aria-hidden="true" />
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </PopoverContent>
    </Popover>
  );
}

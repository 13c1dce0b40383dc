import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Bell, CheckCheck } from 'lucide-react';
import type { Notification } from 'content-schema/notification';
import { Button } from '../../components/ui/button.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '../../components/ui/popover.tsx';
import { unreadBadge } from '../../lib/unread-badge.ts';
import { useNotifications } from './api/get-notifications.ts';
import { useMarkAllNotificationsRead } from './api/mark-all-notifications-read.ts';
import { useMarkNotificationRead } from './api/mark-notification-read.ts';
import { useRemoveNotification } from './api/remove-notification.ts';
import { NotificationItem } from './notification-item.tsx';
import { bellLabel, followTarget, unreadCount } from './notification-texts.ts';

/** The list is read afresh when the tab regains focus (and when the panel opens), never polled. */
function useRefetchOnFocus(refetch: () => unknown) {
  useEffect(() => {
    const onFocus = () => void refetch();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [refetch]);
}

/** The bell button, with the unread count as its badge. */
function BellButton({ badge }: { badge: string | null }) {
  return (
    <PopoverTrigger asChild>
      <Button variant="outline" size="icon" className="relative" aria-label={bellLabel(badge)}>
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
  );
}

/** The header's bell and its panel of notifications, fed by real events stored on the server. */
export function NotificationBell() {
  const notifications = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const remove = useRemoveNotification();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const { refetch } = notifications;
  useRefetchOnFocus(refetch);

  const items = notifications.data ?? [];
  const unread = unreadCount(items);
  const now = new Date();

  function follow(n: Notification) {
    if (!n.read) markRead.mutate(n.id);
    const target = followTarget(n);
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
      <BellButton badge={unreadBadge(unread)} />
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
              <NotificationItem
                key={n.id}
                n={n}
                now={now}
                onFollow={follow}
                onRead={(item) => markRead.mutate(item.id)}
                onRemove={(item) => remove.mutate(item.id)}
              />
            ))}
          </ul>
        )}
      </PopoverContent>
    </Popover>
  );
}

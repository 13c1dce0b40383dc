import { Link } from 'react-router';
import { Inbox } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { unreadBadge } from '../notifications/unread-badge.ts';
import { useUnreadCount } from './api/get-unread-count.ts';

/** The dashboard header's way into the Inbox, with the number of unread reader messages. */
export function InboxLink() {
  const { data } = useUnreadCount();
  const badge = unreadBadge(data?.unread ?? 0);
  return (
    <Button asChild variant="outline" className="relative">
      <Link to="/inbox" aria-label={badge ? `Inbox, ${badge} unread` : 'Inbox'}>
        <Inbox aria-hidden="true" />
        Inbox
        {badge ? (
          <span
            data-testid="inbox-count"
            className="absolute -right-1.5 -top-1.5 min-w-5 rounded-full bg-destructive px-1 text-center text-[11px] font-semibold leading-5 text-destructive-foreground"
          >
            {badge}
          </span>
        ) : null}
      </Link>
    </Button>
  );
}

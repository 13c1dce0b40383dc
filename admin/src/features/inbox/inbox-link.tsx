import { Link } from 'react-router';
import { Inbox } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { unreadBadge } from '../../lib/unread-badge.ts';
import { useUnreadCount } from './api/get-unread-count.ts';

/** The dashboard header's way into the Inbox, with the number of unread reader messages. */
export function InboxLink() {
  const { data } = useUnreadCount();
  const badge = unreadBadge(data?.unread ?? 0);
  return (
    <Button asChild variant="outline" className="relative">
      {/* Named by its content ("Inbox, 3 unread"), so what is seen is what is announced (WCAG 2.5.3). */}
      <Link to="/inbox">
        <Inbox aria-hidden="true" />
        Inbox
        {badge ? (
          <span
            data-testid="inbox-count"
            className="absolute -right-1.5 -top-1.5 min-w-5 rounded-full bg-destructive px-1 text-center text-[11px] font-semibold leading-5 text-destructive-foreground"
          >
            <span className="sr-only">, </span>
            {badge}
            <span className="sr-only"> unread</span>
          </span>
        ) : null}
      </Link>
    </Button>
  );
}

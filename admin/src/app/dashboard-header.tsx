import { Link } from 'react-router';
import { LogOut, Plus, ShieldCheck } from 'lucide-react';
import { useAuthStatus } from '../api/auth/get-auth-status.ts';
import { useLogout } from '../api/auth/logout.ts';
import { Button } from '../components/ui/button.tsx';
import { BuildStatus } from '../features/build/build-status.tsx';
import { InboxLink } from '../features/inbox/inbox-link.tsx';
import { slots } from './slots.tsx';

/**
 * Dashboard header (spec §2): admin name, Logout, the notification bell slot and Create Post; Security (issue 11)
 * and the Inbox of reader messages with its unread count (issue 12).
 */
export function DashboardHeader() {
  const { data } = useAuthStatus();
  const logout = useLogout();
  const { NotificationBell } = slots;
  return (
    <header className="border-b bg-background">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-4 sm:px-6">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Admin Dashboard</h1>
          <p className="text-sm text-muted-foreground">
            Signed in as <span className="font-medium text-foreground">{data?.admin ?? 'admin'}</span>
          </p>
          <BuildStatus />
        </div>
        <div className="flex items-center gap-2">
          <NotificationBell />
          <InboxLink />
          <Button asChild>
            <Link to="/create">
              <Plus aria-hidden="true" />
              Create Post
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/security">
              <ShieldCheck aria-hidden="true" />
              Security
            </Link>
          </Button>
          <Button variant="outline" onClick={() => logout.mutate()} disabled={logout.isPending}>
            <LogOut aria-hidden="true" />
            Logout
          </Button>
        </div>
      </div>
    </header>
  );
}

import { Link } from 'react-router';
import { Images, LogOut, Plus, ShieldCheck } from 'lucide-react';
import { Button } from '../components/ui/button.tsx';
import { useAuthStatus, useLogout } from '../features/auth/index.ts';
import { BuildStatus } from '../features/build/index.ts';
import { InboxLink } from '../features/inbox/index.ts';
import { NotificationBell } from '../features/notifications/index.ts';

/**
 * Dashboard header: admin name, Logout, the notification bell and Create Post; Security, the Inbox of reader
 * messages with its unread count, and the Media library.
 */
export function DashboardHeader() {
  const { data } = useAuthStatus();
  const logout = useLogout();
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
            <Link to="/media">
              <Images aria-hidden="true" />
              Media
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

import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useAuthStatus } from './api/get-auth-status.ts';
import { PageLoading } from '../../components/page-loading.tsx';
import { Button } from '../../components/ui/button.tsx';

// The form (react-hook-form, resolver) is needed only when signed out: keep it out of the dashboard's initial load.
const LoginForm = lazy(() => import('./login-form.tsx').then((m) => ({ default: m.LoginForm })));

/**
 * Renders the admin route only for a signed-in administrator; otherwise the login form in its place, at the same
 * address, so signing in again (say after a session expired mid-edit) returns straight to where the admin was.
 */
export function AuthGate() {
  const { data, isPending, isError, refetch } = useAuthStatus();
  if (isPending) return <PageLoading label="Verifying access..." />;
  if (isError) {
    return (
      <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
        <h1 className="text-xl font-semibold">Could not verify access</h1>
        <p className="text-muted-foreground">The server did not answer. Check your connection and try again.</p>
        <Button onClick={() => void refetch()}>Try again</Button>
      </main>
    );
  }
  if (!data.authenticated) {
    return (
      <Suspense fallback={<PageLoading label="Verifying access..." />}>
        <LoginForm />
      </Suspense>
    );
  }
  return <Outlet />;
}

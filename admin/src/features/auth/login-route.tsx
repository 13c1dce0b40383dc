import { lazy, Suspense } from 'react';
import { Link, useNavigate } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import { useAuthStatus } from './api/get-auth-status.ts';
import { PageLoading } from '../../components/page-loading.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';

const LoginForm = lazy(() => import('./login-form.tsx').then((m) => ({ default: m.LoginForm })));

/** /admin/login: the login form, or 'Admin Access Granted' for a visitor who is already signed in. */
export function LoginRoute() {
  const navigate = useNavigate();
  const { data, isPending } = useAuthStatus();
  if (isPending) return <PageLoading label="Verifying access..." />;
  if (!data?.authenticated) {
    return (
      <Suspense fallback={<PageLoading label="Verifying access..." />}>
        <LoginForm onSuccess={() => void navigate('/')} />
      </Suspense>
    );
  }
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <Card className="w-full max-w-sm text-center">
        <CardHeader className="items-center">
          <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-success text-white">
            <ShieldCheck className="size-6" aria-hidden="true" />
          </div>
          <CardTitle as="h1">Admin Access Granted</CardTitle>
          <CardDescription>Welcome back, {data.admin ?? 'admin'}.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild className="w-full">
            <Link to="/">Go to Admin Panel</Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}

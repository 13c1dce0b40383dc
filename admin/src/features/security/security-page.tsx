import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { ChangePasswordSection } from './change-password-section.tsx';
import { SecurityLogSection } from './security-log-section.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

/** /admin/security: the second factor, the password, where the admin is signed in, and what happened. */
export function SecurityPage() {
  return (
    <div className="min-h-screen">
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-4 sm:px-6">
          <Button asChild variant="ghost" size="sm">
            <Link to="/">
              <ArrowLeft aria-hidden="true" />
              Back to Dashboard
            </Link>
          </Button>
          <h1 className="text-xl font-bold">Security</h1>
        </div>
      </header>
      <main className="mx-auto grid max-w-4xl gap-6 px-4 py-6 sm:px-6">
        <TwoFactorSection />
        <ChangePasswordSection />
        <SessionsSection />
        <SecurityLogSection />
      </main>
    </div>
  );
}

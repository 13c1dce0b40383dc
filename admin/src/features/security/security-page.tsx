import { ChangePasswordSection } from './change-password-section.tsx';
import { SecurityLogSection } from './security-log-section.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';

/** /admin/security: the second factor, the password, where the admin is signed in, and what happened. */
export function SecurityPage() {
  return (
    <div className="min-h-screen">
      <ScreenHeader title="Security" />
      <main className="mx-auto grid max-w-4xl gap-6 px-4 py-6 sm:px-6">
        <TwoFactorSection />
        <ChangePasswordSection />
        <SessionsSection />
        <SecurityLogSection />
      </main>
    </div>
  );
}

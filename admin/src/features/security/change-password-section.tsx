import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useAuthStatus } from '../auth/index.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { useChangePassword } from './api/change-password.ts';
import { ChangePasswordFormSchema, type ChangePasswordForm } from './change-password-form.ts';
import { endedSessionsText } from './sessions-ended.ts';
import { FormError, PasswordField } from './security-fields.tsx';
import { showServerError } from './server-error.ts';

const EMPTY: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change password: the current one, the new one twice. Every other session ends; the answer says how many. */
export function ChangePasswordSection() {
  const { data: auth } = useAuthStatus();
  const change = useChangePassword();
  const [done, setDone] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ChangePasswordForm>({ resolver: zodResolver(ChangePasswordFormSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) => {
    setDone(null);
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: (result) => {
          reset(EMPTY);
          setDone(`Password changed. ${endedSessionsText(result)}`);
        },
        onError: (error) => showServerError(setError, error, ['currentPassword', 'newPassword']),
      },
    );
  });

  return (
    <section aria-labelledby="password-heading">
      <Card>
        <CardHeader>
          <CardTitle as="h2" id="password-heading">
            Change password
          </CardTitle>
          <CardDescription>Every other device signed in with the old password is signed out.</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="grid max-w-md gap-4">
            {/* For password managers: which account the new password belongs to. */}
            <input type="text" autoComplete="username" value={auth?.admin ?? ''} readOnly hidden />
            <PasswordField
              id="password-current"
              label="Current password"
              error={errors.currentPassword?.message}
              registration={register('currentPassword')}
            />
            <PasswordField
              id="password-new"
              label="New password"
              autoComplete="new-password"
              hint="At least 12 characters."
              error={errors.newPassword?.message}
              registration={register('newPassword')}
            />
            <PasswordField
              id="password-confirm"
              label="Confirm new password"
              autoComplete="new-password"
              error={errors.confirmPassword?.message}
              registration={register('confirmPassword')}
            />
            <FormError id="password-error" message={errors.root?.server?.message} />
            <p role="status" className="text-sm font-medium text-success">
              {done}
            </p>
            <div>
              <Button type="submit" disabled={change.isPending}>
                {change.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                Change password
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </section>
  );
}

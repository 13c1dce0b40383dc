import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CHALLENGE_EXPIRED_MESSAGE, LoginVerifySchema, type AuthStatus, type LoginVerify } from 'content-schema/auth';
import { useVerifyLogin } from './api/verify-login.ts';
import { isApiError } from '../../lib/api-client.ts';
import { Button } from '../../components/ui/button.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { FormField } from '../../components/ui/field.tsx';

const UNREACHABLE_MESSAGE = 'Could not verify the code. Check your connection and try again.';

interface LoginCodeStepProps {
  challenge: string;
  onSuccess?: ((status: AuthStatus) => void) | undefined;
  /** The challenge ran out (or was used up): the password has to be entered again. */
  onExpired: (message: string) => void;
  onBack: () => void;
}

/** The second sign-in step: an authenticator code (or a recovery code) answers the password step's challenge. */
export function LoginCodeStep({ challenge, onSuccess, onExpired, onBack }: LoginCodeStepProps) {
  const verify = useVerifyLogin();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    setFocus,
    formState: { errors },
  } = useForm<LoginVerify>({ resolver: zodResolver(LoginVerifySchema), defaultValues: { challenge, code: '' } });

  const error = errors.code?.message ?? errors.challenge?.message ?? serverError;

  const onSubmit = handleSubmit((body) => {
    setServerError(null);
    verify.mutate(body, {
      onSuccess: (status) => onSuccess?.(status),
      onError: (err) => {
        const message = isApiError(err) ? (err.detail ?? err.message) : UNREACHABLE_MESSAGE;
        if (message === CHALLENGE_EXPIRED_MESSAGE) return onExpired(message);
        setServerError(message);
        setValue('code', '');
        setFocus('code');
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-describedby={error ? 'login-error' : undefined}>
      <FormField
        id="login-code"
        label="Authentication code"
        hint="Enter the 6-digit code from your authenticator app, or a recovery code."
        invalid={Boolean(errors.code || serverError)}
      >
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          autoFocus
          {...register('code')}
        />
      </FormField>
      <div id="login-error" role="alert" className="min-h-5 text-sm font-medium text-destructive">
        {error}
      </div>
      <SubmitButton pending={verify.isPending} pendingLabel="Verifying...">
        Verify
      </SubmitButton>
      <Button type="button" variant="link" onClick={onBack} className="justify-self-center">
        Back
      </Button>
    </form>
  );
}

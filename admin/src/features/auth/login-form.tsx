import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { Lock } from 'lucide-react';
import { LOGIN_FAILED_MESSAGE, type AuthStatus, type Login } from 'content-schema/auth';
import { useLogin } from './api/login.ts';
import { isApiError } from '../../lib/api-client.ts';
import { SubmitButton } from '../../components/submit-button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { FormField } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { PanelLoading } from '../../components/panel-loading.tsx';
import { loginMessage, readCredentials, type CredentialErrors } from './login-credentials.ts';

// Only an account with a second factor ever sees this step: keep it out of the login screen's initial load.
const LoginCodeStep = lazy(() => import('./login-code-step.tsx').then((m) => ({ default: m.LoginCodeStep })));

/** The password step, or the code step once a password needs a second factor (its challenge sent back with the code). */
type Step = { kind: 'password'; returned: boolean } | { kind: 'code'; challenge: string };

function fieldsOf(form: HTMLFormElement) {
  const data = new FormData(form);
  return { username: data.get('username'), password: data.get('password') };
}

/**
 * The password step's check: LoginSchema on submit, and again as the fields change once a submit failed (also after
 * coming back from the code step).
 */
function useCredentialCheck(onCredentials: (credentials: Login) => void) {
  const [errors, setErrors] = useState<CredentialErrors>({});
  const submitted = useRef(false);

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    if (!submitted.current) return;
    const result = readCredentials(fieldsOf(event.currentTarget));
    setErrors('errors' in result ? result.errors : {});
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    const result = readCredentials(fieldsOf(event.currentTarget));
    setErrors('errors' in result ? result.errors : {});
    if ('credentials' in result) onCredentials(result.credentials);
  };

  return { errors, onChange, onSubmit };
}

interface PasswordStepProps {
  check: ReturnType<typeof useCredentialCheck>;
  /** Back from the code step: the password has focus (the username is kept). */
  returned: boolean;
  username: string;
  serverError: string | null;
  pending: boolean;
}

/** Username and password, with one inline message for both fields and the server, announced when it changes. */
function PasswordStep({ check, returned, username, serverError, pending }: PasswordStepProps) {
  const { errors, onChange, onSubmit } = check;
  const error = loginMessage(errors, serverError);
  return (
    <form
      onSubmit={onSubmit}
      onChange={onChange}
      noValidate
      className="grid gap-4"
      aria-describedby={error ? 'login-error' : undefined}
    >
      <FormField id="login-username" label="Username" invalid={Boolean(errors.username)}>
        <Input autoComplete="username" autoFocus={!returned} name="username" defaultValue={username} />
      </FormField>
      <FormField id="login-password" label="Password" invalid={Boolean(errors.password)}>
        <Input type="password" autoComplete="current-password" autoFocus={returned} name="password" />
      </FormField>
      <div id="login-error" role="alert" className="min-h-5 text-sm font-medium text-destructive">
        {error}
      </div>
      <SubmitButton pending={pending} pendingLabel="Authenticating...">
        Login
      </SubmitButton>
    </form>
  );
}

/**
 * The admin sign-in screen: the password step, then (for an account with a second factor) the code step. A plain
 * form, without react-hook-form, because this screen is the admin's initial load and its script weight counts.
 */
export function LoginForm({ onSuccess }: { onSuccess?: (status: AuthStatus) => void }) {
  const login = useLogin();
  const [step, setStep] = useState<Step>({ kind: 'password', returned: false });
  const [serverError, setServerError] = useState<string | null>(null);
  // Kept for the way back from the code step, which unmounts the form (the password is typed again).
  const [username, setUsername] = useState('');

  const check = useCredentialCheck(signIn);

  function signIn(credentials: Login) {
    setUsername(credentials.username);
    setServerError(null);
    login.mutate(credentials, {
      onSuccess: (result) => {
        if (result.authenticated) onSuccess?.(result);
        else setStep({ kind: 'code', challenge: result.challenge });
      },
      onError: (err) => setServerError((isApiError(err) && err.detail) || LOGIN_FAILED_MESSAGE),
    });
  }

  /** Back to the password (typed again: the challenge it earned is spent or abandoned), with a reason if any. */
  function backToPassword(message: string | null) {
    setServerError(message);
    setStep({ kind: 'password', returned: true });
  }

  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <Card className="w-full max-w-sm">
        <CardHeader className="items-center text-center">
          <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground">
            <Lock className="size-6" aria-hidden="true" />
          </div>
          <CardTitle as="h1">Admin Login</CardTitle>
          <CardDescription>Sign in to manage Northwire.</CardDescription>
        </CardHeader>
        <CardContent>
          {step.kind === 'code' ? (
            <Suspense fallback={<PanelLoading />}>
              <LoginCodeStep
                challenge={step.challenge}
                onSuccess={onSuccess}
                onExpired={backToPassword}
                onBack={() => backToPassword(null)}
              />
            </Suspense>
          ) : (
            <PasswordStep
              check={check}
              returned={step.returned}
              username={username}
              serverError={serverError}
              pending={login.isPending}
            />
          )}
        </CardContent>
      </Card>
    </main>
  );
}

import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { Lock } from 'lucide-react';
import { LOGIN_FAILED_MESSAGE, LoginSchema, type AuthStatus, type Login } from 'content-schema/auth';
import { useLogin } from './api/login.ts';
import { isApiError } from '../../lib/api-client.ts';
import { SubmitButton } from '../../components/submit-button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { PanelLoading } from '../../components/panel-loading.tsx';

// Only an account with a second factor ever sees this step: keep it out of the login screen's initial load.
const LoginCodeStep = lazy(() => import('./login-code-step.tsx').then((m) => ({ default: m.LoginCodeStep })));

/** The password step, or the code step once a password needs a second factor (its challenge sent back with the code). */
type Step = { kind: 'password'; returned: boolean } | { kind: 'code'; challenge: string };

type FieldErrors = Partial<Record<keyof Login, string>>;

/** The form's fields checked with the content-schema LoginSchema: the credentials, or the first message per field. */
function readCredentials(form: HTMLFormElement): { credentials: Login } | { errors: FieldErrors } {
  const data = new FormData(form);
  const parsed = LoginSchema.safeParse({ username: data.get('username') ?? '', password: data.get('password') ?? '' });
  if (parsed.success) return { credentials: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'username' || field === 'password') && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

/**
 * The admin sign-in form (spec §2 Admin login, §5, §8). One inline error for both fields and the server.
 * A plain form checked with LoginSchema on submit (and again as the fields change after a failed submit):
 * react-hook-form stays out of the admin's initial load (DESIGN §8), which is this screen's.
 */
export function LoginForm({ onSuccess }: { onSuccess?: (status: AuthStatus) => void }) {
  const login = useLogin();
  const [step, setStep] = useState<Step>({ kind: 'password', returned: false });
  const [serverError, setServerError] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  // Kept for the way back from the code step, which unmounts the form (the password is typed again).
  const [username, setUsername] = useState('');
  const submitted = useRef(false);

  const fieldError = errors.username ?? errors.password;
  const error = fieldError ?? serverError;

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    if (!submitted.current) return;
    const result = readCredentials(event.currentTarget);
    setErrors('errors' in result ? result.errors : {});
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    const result = readCredentials(event.currentTarget);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    const credentials = result.credentials;
    setUsername(credentials.username);
    setServerError(null);
    login.mutate(credentials, {
      onSuccess: (result) => {
        if (result.authenticated) onSuccess?.(result);
        else setStep({ kind: 'code', challenge: result.challenge });
      },
      onError: (err) => setServerError((isApiError(err) && err.detail) || LOGIN_FAILED_MESSAGE),
    });
  };

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
            <form
              onSubmit={onSubmit}
              onChange={onChange}
              noValidate
              className="grid gap-4"
              aria-describedby={error ? 'login-error' : undefined}
            >
              <div className="grid gap-2">
                <Label htmlFor="login-username">Username</Label>
                <Input
                  id="login-username"
                  autoComplete="username"
                  autoFocus={!step.returned}
                  name="username"
                  defaultValue={username}
                  aria-invalid={errors.username ? true : undefined}
                />
              </div>
              <div className="grid gap-2">
                <Label htmlFor="login-password">Password</Label>
                <Input
                  id="login-password"
                  type="password"
                  autoComplete="current-password"
                  autoFocus={step.returned}
                  name="password"
                  aria-invalid={errors.password ? true : undefined}
                />
              </div>
              <div id="login-error" role="alert" className="min-h-5 text-sm font-medium text-destructive">
                {error}
              </div>
              <SubmitButton pending={login.isPending} pendingLabel="Authenticating...">
                Login
              </SubmitButton>
            </form>
          )}
        </CardContent>
      </Card>
    </main>
  );
}

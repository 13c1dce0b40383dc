import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';

interface SecurityFieldProps {
  id: string;
  error?: string | undefined;
  registration: UseFormRegisterReturn;
  autoFocus?: boolean;
}

/** A password field; `autoComplete` tells password managers which of the two passwords it is. */
export function PasswordField({
  id,
  label,
  error,
  registration,
  autoFocus,
  hint,
  autoComplete = 'current-password',
}: SecurityFieldProps & { label: string; hint?: string; autoComplete?: 'current-password' | 'new-password' }) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <Input type="password" autoComplete={autoComplete} autoFocus={autoFocus} {...registration} />
    </FormField>
  );
}

/** The code from the authenticator app (or, where the server takes one, a recovery code). */
export function CodeField({ id, error, registration, autoFocus, hint }: SecurityFieldProps & { hint?: string }) {
  return (
    <FormField id={id} label="Authentication code" error={error} hint={hint}>
      <Input
        inputMode="numeric"
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        autoFocus={autoFocus}
        className="font-mono sm:max-w-48"
        {...registration}
      />
    </FormField>
  );
}

/** A form-wide error (one the server did not tie to a field), announced when it appears. */
export function FormError({ id, message }: { id: string; message: string | undefined }) {
  return (
    <p id={id} role="alert" className="text-sm font-medium text-destructive">
      {message}
    </p>
  );
}

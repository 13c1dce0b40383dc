import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { Label } from './label.tsx';

interface FieldProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}

/**
 * A labelled form control with its hint and error. The control must use `id`, and should set
 * `aria-describedby={describedBy(id, …)}` and `aria-invalid` so the message is announced with it.
 */
export function Field({ id, label, error, hint, className, children }: FieldProps) {
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id} id={`${id}-label`}>
        {label}
      </Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The `aria-describedby` value matching a `Field`'s hint and error. */
export function describedBy(
  id: string,
  { hint = false, error }: { hint?: boolean; error?: string | undefined },
): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

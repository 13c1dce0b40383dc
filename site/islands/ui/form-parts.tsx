/**
 * Pieces shared by the reader forms (contact, tip, correction). The forms are not connected to
 * the newsroom yet (spec §1: they only confirm), so each says so plainly above its submit button.
 */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { toast, type ToastInput } from '../../lib/toast.ts';

/** Whether the island has hydrated; submit stays disabled before, so a click never posts the page. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** Submit handler: the browser has already enforced `required`; confirm with the toast and reset to defaults. */
export function confirmAndReset(confirmation: ToastInput, after?: () => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    toast(confirmation);
    event.currentTarget.reset();
    after?.();
  };
}

export function Field({
  id,
  label,
  hint,
  optional,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  optional?: boolean;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
        {optional ? <span className="font-normal text-slate-600"> (optional)</span> : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The honest notice: nothing is sent or stored yet; the address to use instead. */
export function NotConnectedNotice({ email }: { email: string }) {
  return (
    <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      This form is not connected to our newsroom yet: submitting it shows a confirmation, but nothing you enter is sent
      or stored. To reach us now, email{' '}
      <a className="font-semibold underline" href={`mailto:${email}`}>
        {email}
      </a>
      .
    </p>
  );
}

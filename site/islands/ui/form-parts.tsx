/**
 * Pieces shared by the reader forms (contact, tip, correction). Each form posts to `POST /api/messages`
 * (same origin) and tells the truth: the confirmation only once the API answered that it stored the message;
 * on any failure a clear error, with everything the reader typed left in the form.
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  DEFAULT_RETENTION_DAYS,
  MESSAGE_NETWORK_ERROR,
  MESSAGE_SERVER_ERROR,
  type MessageInput,
} from 'content-schema/messages';
import { toast, type ToastInput } from '../../lib/toast.ts';

/** Whether the island has hydrated; submit stays disabled before, so a click never posts the page. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

type Status = { state: 'idle' } | { state: 'sending' } | { state: 'error'; message: string };

/** What to tell the reader about a refused or failed request (the API's own message when it sent one). */
export async function failureMessage(res: Response): Promise<string> {
  if (res.status >= 500) return MESSAGE_SERVER_ERROR;
  try {
    const body = (await res.json()) as { error?: unknown };
    if (typeof body.error === 'string' && body.error) return body.error;
  } catch {
    // not JSON: fall through
  }
  return `Your message could not be sent (error ${res.status}). Your text is still in the form; please try again.`;
}

/**
 * A reader form's submission: the time since the form appeared travels with it (the API refuses submissions
 * faster than a person types), the confirmation toast shows only after a 2xx, the form resets only then.
 */
export function useMessageForm<T extends MessageInput>(opts: {
  build: (data: FormData) => Omit<T, 'elapsedMs' | 'website'>;
  confirmation: ToastInput;
  onReset?: () => void;
}) {
  const hydrated = useHydrated();
  const shownAt = useRef(0);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  useEffect(() => {
    shownAt.current = Date.now();
  }, []);
  useEffect(() => {
    if (status.state === 'error') errorRef.current?.focus();
  }, [status]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status.state === 'sending') return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const body = {
      ...opts.build(data),
      website: String(data.get('website') ?? ''),
      elapsedMs: Math.max(0, Math.min(Date.now() - shownAt.current, 7 * 24 * 3_600_000)),
    };
    setStatus({ state: 'sending' });
    let res: Response;
    try {
      res = await fetch('/api/messages', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
      });
    } catch {
      setStatus({ state: 'error', message: MESSAGE_NETWORK_ERROR });
      return;
    }
    if (!res.ok) {
      setStatus({ state: 'error', message: await failureMessage(res) });
      return;
    }
    setStatus({ state: 'idle' });
    toast(opts.confirmation);
    form.reset();
    shownAt.current = Date.now();
    opts.onReset?.();
  }

  return { hydrated, status, onSubmit, errorRef, sending: status.state === 'sending' };
}

/** The failure, announced and focused; the reader's text stays in the fields above. */
export function FormError({ status, errorRef }: { status: Status; errorRef: React.RefObject<HTMLParagraphElement | null> }) {
  if (status.state !== 'error') return null;
  return (
    <p
      ref={errorRef}
      tabIndex={-1}
      role="alert"
      data-testid="form-error"
      className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
    >
      {status.message}
    </p>
  );
}

/**
 * A field people never see or reach (off-screen, out of the tab order, hidden from assistive technology); a
 * script that fills every input fills it, and the API refuses the submission.
 */
export function Honeypot({ id }: { id: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** What is stored, with a link to the privacy notice. */
export function StorageNote({ children }: { children?: ReactNode }) {
  return (
    <p className="text-xs text-slate-600">
      {children ??
        `We store what you enter here, never your IP address, so our editors can follow it up, and delete it automatically after the retention period in our privacy notice (${DEFAULT_RETENTION_DAYS} days by default).`}{' '}
      <a className="font-medium underline underline-offset-2" href="/privacy#messages">
        How we handle messages
      </a>
    </p>
  );
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

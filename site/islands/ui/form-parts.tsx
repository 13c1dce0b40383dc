/**
 * Pieces shared by the reader forms (contact, tip, correction). Each form is a real `<form method="post">` to
 * `POST /api/messages` (same origin): without JavaScript, or before the island wakes, the browser posts it and
 * the API answers with a confirmation page or a page listing what to correct. Once hydrated, the island sends the
 * same fields as JSON and tells the truth in place: the confirmation only once the API answered that it stored
 * the message; on any failure a clear error, with everything the reader typed left in the form.
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  DEFAULT_RETENTION_DAYS,
  FORM_NOT_STAMPED,
  isFormStampPlaceholder,
  MESSAGE_NETWORK_ERROR,
  MESSAGE_NOT_ACCEPTED,
  MESSAGE_SERVER_ERROR,
  type MessageType,
} from 'content-schema/message-text';
import type { MessageInput } from 'content-schema/messages';
import { toast, type ToastInput } from '../../lib/browser/toast.ts';

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
 * A fresh stamp for this page's form: the page fetched again, since the server stamps it each time it serves it.
 * Null when it cannot be had (offline, say): the form keeps the stamp it has.
 */
async function freshStamp(): Promise<string | null> {
  try {
    const res = await fetch(location.pathname, { cache: 'no-store', credentials: 'same-origin' });
    if (!res.ok) return null;
    const page = new DOMParser().parseFromString(await res.text(), 'text/html');
    return page.querySelector<HTMLInputElement>('form[action="/api/messages"] input[name="stamp"]')?.value || null;
  } catch {
    return null;
  }
}

/**
 * A reader form's submission: the stamp the page was served with travels with it, as the hidden `stamp` field the
 * browser would post without JavaScript (the API refuses a submission sooner than a person types after the page
 * was served, or with a stamp over a day old); the confirmation toast shows only after a 2xx, the form resets only
 * then. Refused by the bot checks, the form fetches a fresh stamp, so the second try the message asks for can pass
 * even when the page was left open for more than a day. A page no server stamped (its placeholder left in) is not
 * sent at all: the reader is told at once, in words that do not ask for a second try.
 */
export function useMessageForm<T extends MessageInput>(opts: {
  /** The stamp the page was served with (the island's prop, filled in by the server with the page). */
  stamp: string;
  build: (data: FormData) => Omit<T, 'stamp' | 'website'>;
  confirmation: ToastInput;
  onReset?: () => void;
}) {
  const [stamp, setStamp] = useState(opts.stamp);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const [status, setStatus] = useState<Status>({ state: 'idle' });
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
      stamp: String(data.get('stamp') ?? ''),
    };
    // The page came as the built file (another host, or its `.html` address), so no server stamped it: say so
    // rather than send what the API refuses anyway.
    if (isFormStampPlaceholder(body.stamp)) {
      setStatus({ state: 'error', message: FORM_NOT_STAMPED });
      return;
    }
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
      const message = await failureMessage(res);
      if (message === MESSAGE_NOT_ACCEPTED) setStamp((await freshStamp()) ?? stamp);
      setStatus({ state: 'error', message });
      return;
    }
    setStatus({ state: 'idle' });
    toast(opts.confirmation);
    form.reset();
    opts.onReset?.();
  }

  return { stamp, status, onSubmit, errorRef, sending: status.state === 'sending' };
}

/** The failure, announced and focused; the reader's text stays in the fields above. */
function FormError({ status, errorRef }: { status: Status; errorRef: React.RefObject<HTMLParagraphElement | null> }) {
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
 * The `<form>` of a reader form around its fields: posts itself without JavaScript (`type` tells the API which
 * form, `stamp` when its page was served; the hidden field catches scripts); hydrated, the island sends it as JSON
 * instead. Then the failure, if any, what is stored (`note`, or the general words) and the submit button.
 */
export function MessageForm({
  type,
  label,
  submitLabel,
  state,
  note,
  children,
}: {
  type: MessageType;
  label: string;
  submitLabel: string;
  state: ReturnType<typeof useMessageForm>;
  note?: ReactNode;
  children: ReactNode;
}) {
  const { onSubmit, sending, status, errorRef, stamp } = state;
  return (
    <form
      method="post"
      action="/api/messages"
      className="relative grid gap-5"
      aria-label={label}
      onSubmit={(e) => void onSubmit(e)}
      aria-busy={sending}
    >
      <input type="hidden" name="type" value={type} />
      <input type="hidden" name="stamp" value={stamp} />
      {children}
      <Honeypot id={`${type}-website`} />
      <FormError status={status} errorRef={errorRef} />
      <StorageNote>{note}</StorageNote>
      <div>
        <button type="submit" className="btn btn-primary" disabled={sending}>
          {sending ? 'Sending...' : submitLabel}
        </button>
      </div>
    </form>
  );
}

/**
 * A field people never see or reach (off-screen, out of the tab order, hidden from assistive technology); a
 * script that fills every input fills it, and the API refuses the submission.
 */
function Honeypot({ id }: { id: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** What is stored, with a link to the privacy notice. */
function StorageNote({ children }: { children?: ReactNode }) {
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

import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { OutboxListSchema, type OutboxMail } from 'content-schema/members';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { apiRequest } from '../../lib/api-client.ts';
import { LoadFailed } from '../../components/load-failed.tsx';

/** GET /api/mail/outbox: the newest mails kept on this server (no SMTP server configured). */
function useOutbox() {
  return useQuery({
    queryKey: ['mail', 'outbox'],
    queryFn: ({ signal }) => apiRequest('/mail/outbox', { schema: OutboxListSchema, signal }),
    refetchOnMount: 'always',
    refetchInterval: 5000,
  });
}

/** A mail's plain text, its web addresses as links (elements, never HTML: the text is shown as it is). */
function TextWithLinks({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"]+)/g);
  return (
    <pre className="whitespace-pre-wrap break-words font-sans text-sm">
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} className="text-primary underline underline-offset-2" target="_blank" rel="noreferrer">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </pre>
  );
}

function MailItem({ mail }: { mail: OutboxMail }) {
  const headers = Object.entries(mail.headers);
  return (
    <li className="rounded-lg border">
      <details>
        <summary className="cursor-pointer p-4">
          <span className="font-semibold">{mail.subject}</span>
          <span className="block text-sm text-muted-foreground">
            To {mail.to} · <time dateTime={mail.createdAt}>{new Date(mail.createdAt).toLocaleString()}</time>
          </span>
        </summary>
        <div className="grid gap-3 border-t p-4">
          <p className="text-sm text-muted-foreground">From {mail.from}</p>
          {headers.length > 0 ? (
            <dl className="grid gap-1 text-xs text-muted-foreground">
              {headers.map(([name, value]) => (
                <div key={name}>
                  <dt className="inline font-semibold">{name}: </dt>
                  <dd className="inline break-all">{value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          <TextWithLinks text={mail.text} />
        </div>
      </details>
    </li>
  );
}

/**
 * /admin/outbox: with no SMTP server configured (SMTP_URL), mail to readers is kept here instead of sent, so a
 * fresh install shows the whole journey (subscribe, confirm, welcome) without an account anywhere.
 */
export function OutboxPage() {
  const outbox = useOutbox();
  return (
    <div className="min-h-screen">
      <ScreenHeader title="Mail outbox">
        {outbox.data ? (
          <span className="text-sm text-muted-foreground" data-testid="outbox-total">
            {outbox.data.total} kept
          </span>
        ) : null}
      </ScreenHeader>
      <main className="mx-auto grid max-w-4xl gap-4 px-4 py-6 sm:px-6">
        <p className="text-sm text-muted-foreground">
          No SMTP server is configured, so mail to readers is kept here instead of sent. Set <code>SMTP_URL</code> to
          send it through any provider. The newest 100 are shown.
        </p>
        {outbox.isError ? (
          <LoadFailed what="the outbox" onRetry={() => void outbox.refetch()} />
        ) : outbox.isPending ? (
          <p className="text-sm text-muted-foreground">Loading mail...</p>
        ) : outbox.data.mails.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            No mail yet. A reader who subscribes gets a confirmation mail, kept here.
          </p>
        ) : (
          <ul aria-label="Kept mail" className="grid gap-3">
            {outbox.data.mails.map((mail) => (
              <MailItem key={mail.id} mail={mail} />
            ))}
          </ul>
        )}
        <p className="text-sm">
          <Link to="/inbox" className="underline underline-offset-2">
            Reader messages are in the Inbox
          </Link>
        </p>
      </main>
    </div>
  );
}

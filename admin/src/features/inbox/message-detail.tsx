import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ExternalLink, FilePenLine } from 'lucide-react';
import { MESSAGE_STATUS_LABELS, MESSAGE_TYPE_LABELS, type MessageDetail } from 'content-schema/messages';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { publicPostUrl } from '../../lib/public-site.ts';
import { useMessage } from './api/get-message.ts';
import { useUpdateMessage } from './api/update-message.ts';
import { STATUS_VARIANT, receivedAt, senderDetails } from './message-labels.ts';
import { MessageHandling } from './message-handling.tsx';

const URGENCY_LABELS = { normal: 'Standard', high: 'High', urgent: 'Urgent' } as const;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words text-sm">{children}</dd>
    </div>
  );
}

function Sender({ m }: { m: MessageDetail }) {
  if (m.anonymous) return <>Anonymous (no contact information stored)</>;
  const parts = senderDetails(m);
  return (
    <>
      {parts}
      {m.email ? (
        <>
          {parts ? ' · ' : null}
          <a className="font-medium text-primary underline-offset-4 hover:underline" href={`mailto:${m.email}`}>
            {m.email}
          </a>
        </>
      ) : null}
      {!parts && !m.email ? 'Not given' : null}
    </>
  );
}

/** The article the message is about: ours (linked), or an address that is not one of our published articles. */
function Article({ m }: { m: MessageDetail }) {
  if (m.postSlug) {
    return (
      <a
        className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
        href={publicPostUrl(m.postSlug)}
        target="_blank"
        rel="noreferrer"
      >
        {publicPostUrl(m.postSlug)}
        <ExternalLink className="size-3.5" aria-hidden="true" />
      </a>
    );
  }
  return (
    <span>
      {m.articleUrl} <span className="text-muted-foreground">(not one of our published articles)</span>
    </span>
  );
}

/** Who sent it, when, what kind and how urgent, and about which article. */
function MessageFacts({ m }: { m: MessageDetail }) {
  return (
    <dl className="grid gap-2">
      <Row label="From">
        <Sender m={m} />
      </Row>
      <Row label="Received">
        <time dateTime={m.createdAt}>{receivedAt(m.createdAt)}</time>
      </Row>
      {m.topic ? <Row label="Message type">{m.topic}</Row> : null}
      {m.urgency ? <Row label="Urgency">{URGENCY_LABELS[m.urgency]}</Row> : null}
      {m.articleUrl || m.postSlug ? (
        <Row label="Article">
          <Article m={m} />
        </Row>
      ) : null}
    </dl>
  );
}

/** One message in full: what the reader sent, its article, and the editor's handling of it. */
function LoadedMessage({ m }: { m: MessageDetail }) {
  return (
    <article className="grid gap-5 p-4 sm:p-6" aria-labelledby="message-subject">
      <header className="grid gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="outline">{MESSAGE_TYPE_LABELS[m.type]}</Badge>
          <Badge variant={STATUS_VARIANT[m.status]}>{MESSAGE_STATUS_LABELS[m.status]}</Badge>
        </div>
        <h2 id="message-subject" className="break-words text-xl font-semibold">
          {m.subject}
        </h2>
      </header>
      <MessageFacts m={m} />
      {m.type === 'correction' && m.postId !== null ? (
        <div>
          <Button asChild>
            <Link to={`/edit/${m.postId}#corrections`}>
              <FilePenLine aria-hidden="true" />
              Record a correction
            </Link>
          </Button>
        </div>
      ) : null}
      <section aria-label="Message" className="grid gap-3">
        <p className="whitespace-pre-wrap break-words rounded-md border bg-muted/40 p-4 text-sm leading-6">{m.body}</p>
        {m.source ? (
          <div>
            <h3 className="text-sm font-semibold">Sources</h3>
            <p className="whitespace-pre-wrap break-words text-sm text-muted-foreground">{m.source}</p>
          </div>
        ) : null}
      </section>
      <MessageHandling m={m} />
    </article>
  );
}

/** One message: what the reader sent, its article, and the editor's status and notes. Opening it marks it read. */
export function MessageDetailPanel({ id }: { id: number }) {
  const message = useMessage(id);
  const markRead = useUpdateMessage();
  const m = message.data;
  const { mutate } = markRead;
  useEffect(() => {
    if (m && !m.read) mutate({ id: m.id, patch: { read: true } });
  }, [m, mutate]);

  if (message.isPending) return <p className="p-6 text-sm text-muted-foreground">Loading message...</p>;
  if (message.isError || !m)
    return (
      <p role="alert" className="p-6 text-sm text-destructive">
        This message could not be loaded. It may have been deleted.
      </p>
    );
  return <LoadedMessage key={m.id} m={m} />;
}

import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ExternalLink, FilePenLine, Mail, Trash2 } from 'lucide-react';
import {
  MESSAGE_LIMITS,
  MESSAGE_STATUSES,
  MESSAGE_STATUS_LABELS,
  MESSAGE_TYPE_LABELS,
  type MessageDetail,
  type MessageStatus,
} from 'content-schema/messages';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { publicPostUrl } from '../../lib/public-site.ts';
import { useDeleteMessage } from './api/delete-message.ts';
import { useMessage } from './api/get-message.ts';
import { useUpdateMessage } from './api/update-message.ts';
import { STATUS_VARIANT, receivedAt } from './message-labels.ts';

const URGENCY_LABELS = { normal: 'Standard', high: 'High', urgent: 'Urgent' } as const;

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words text-sm">{children}</dd>
    </div>
  );
}

function Sender({ m }: { m: MessageDetail }) {
  if (m.anonymous) return <>Anonymous (no contact information stored)</>;
  const parts = [m.name, m.contactInfo].filter(Boolean).join(' · ');
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

function LoadedMessage({ m }: { m: MessageDetail }) {
  const navigate = useNavigate();
  const save = useUpdateMessage({ successToast: 'Message updated' });
  const markUnread = useUpdateMessage({ successToast: 'Marked as unread' });
  const remove = useDeleteMessage();
  const [status, setStatus] = useState<MessageStatus>(m.status);
  const [notes, setNotes] = useState(m.notes);
  const [confirming, setConfirming] = useState(false);
  const dirty = status !== m.status || notes !== m.notes;

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
            {m.postSlug ? (
              <a
                className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
                href={publicPostUrl(m.postSlug)}
                target="_blank"
                rel="noreferrer"
              >
                {publicPostUrl(m.postSlug)}
                <ExternalLink className="size-3.5" aria-hidden="true" />
              </a>
            ) : (
              <span>
                {m.articleUrl} <span className="text-muted-foreground">(not one of our published articles)</span>
              </span>
            )}
          </Row>
        ) : null}
      </dl>
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
      <form
        className="grid gap-4 border-t pt-4"
        aria-label="Handling"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ id: m.id, patch: { status, notes } });
        }}
      >
        <div className="grid gap-2">
          <Label htmlFor="message-status">Status</Label>
          <select
            id="message-status"
            className="h-10 rounded-md border border-input bg-background px-3 text-sm sm:w-56"
            value={status}
            onChange={(e) => setStatus(e.target.value as MessageStatus)}
          >
            {MESSAGE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {MESSAGE_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="message-notes">Notes</Label>
          <Textarea
            id="message-notes"
            rows={4}
            maxLength={MESSAGE_LIMITS.notes}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            placeholder="What was checked, who replied, what happens next"
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={!dirty || save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
          {m.email ? (
            <Button asChild variant="outline">
              <a href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`}>
                <Mail aria-hidden="true" />
                Reply by email
              </a>
            </Button>
          ) : null}
          <Button
            type="button"
            variant="outline"
            disabled={markUnread.isPending}
            onClick={() =>
              markUnread.mutate({ id: m.id, patch: { read: false } }, { onSuccess: () => void navigate('/inbox') })
            }
          >
            Mark as unread
          </Button>
          <Button type="button" variant="outline" onClick={() => setConfirming(true)} disabled={remove.isPending}>
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this message?"
        description="The message and your notes are removed for good."
        confirmLabel="Delete"
        onConfirm={() => remove.mutate(m.id, { onSuccess: () => void navigate('/inbox') })}
      />
    </article>
  );
}

import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Mail, Trash2 } from 'lucide-react';
import {
  MESSAGE_LIMITS,
  MESSAGE_STATUSES,
  MESSAGE_STATUS_LABELS,
  type MessageDetail,
  type MessageStatus,
} from 'content-schema/messages';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { FormField } from '../../components/ui/field.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { useDeleteMessage } from './api/delete-message.ts';
import { useUpdateMessage } from './api/update-message.ts';
import { replyHref } from './message-labels.ts';

/** The message's actions besides Save: reply by email, mark as unread, delete (confirmed). */
function MessageActions({ m }: { m: MessageDetail }) {
  const navigate = useNavigate();
  const markUnread = useUpdateMessage({ successToast: 'Marked as unread' });
  const remove = useDeleteMessage();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      {m.email ? (
        <Button asChild variant="outline">
          <a href={replyHref(m)}>
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
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this message?"
        description="The message and your notes are removed for good."
        confirmLabel="Delete"
        onConfirm={() => remove.mutate(m.id, { onSuccess: () => void navigate('/inbox') })}
      />
    </>
  );
}

/** The editor's handling of a message: its status and notes (saved together), and the other actions. */
export function MessageHandling({ m }: { m: MessageDetail }) {
  const save = useUpdateMessage({ successToast: 'Message updated' });
  const [status, setStatus] = useState<MessageStatus>(m.status);
  const [notes, setNotes] = useState(m.notes);
  const dirty = status !== m.status || notes !== m.notes;
  return (
    <form
      className="grid gap-4 border-t pt-4"
      aria-label="Handling"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ id: m.id, patch: { status, notes } });
      }}
    >
      <FormField id="message-status" label="Status">
        <select
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
      </FormField>
      <FormField id="message-notes" label="Notes">
        <Textarea
          rows={4}
          maxLength={MESSAGE_LIMITS.notes}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          placeholder="What was checked, who replied, what happens next"
        />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={!dirty || save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
        <MessageActions m={m} />
      </div>
    </form>
  );
}

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { Loader2 } from 'lucide-react';
import { CorrectionInputSchema, type Correction } from 'content-schema/corrections';
import type { Post } from 'content-schema/post';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { describedBy, Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useNow } from '../../lib/use-now.ts';
import { useCorrections, useRecordCorrection, useUpdateCorrection, useWithdrawCorrection } from './api/corrections.ts';
import { fromLocalInput, toLocalInput } from './correction-time.ts';
import { formatDateTime } from 'content-schema/format';


type Errors = Partial<Record<'wrong' | 'right' | 'correctedAt', string>>;

/**
 * The editor's "Corrections" section of a published post (/admin/edit/{id}#corrections, where a reader's
 * correction request links): the form (what was wrong, what is right, when: now by default) and the post's
 * corrections. A correction may be changed or withdrawn only within 30 minutes of being recorded; after that a
 * further correction is the way.
 */
export function CorrectionsSection({ post }: { post: Post }) {
  const location = useLocation();
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  const list = useCorrections(post.id);
  const record = useRecordCorrection(post.id);
  const update = useUpdateCorrection(post.id);
  const withdraw = useWithdrawCorrection(post.id);
  const now = useNow(30_000);
  const ids = useId();
  const [editing, setEditing] = useState<Correction | null>(null);
  const [wrong, setWrong] = useState('');
  const [right, setRight] = useState('');
  const [at, setAt] = useState(() => toLocalInput(new Date()));
  /** Whether the editor changed "Corrected at": left alone, the server records the moment it is saved. */
  const [atChanged, setAtChanged] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [confirm, setConfirm] = useState<Correction | null>(null);
  const saving = record.isPending || update.isPending;

  // Arriving from a reader's correction request (…#corrections): bring the section into view.
  useEffect(() => {
    if (location.hash !== '#corrections') return;
    headingRef.current?.scrollIntoView({ block: 'start' });
    headingRef.current?.focus();
  }, [location.hash]);

  function reset() {
    setEditing(null);
    setWrong('');
    setRight('');
    setAt(toLocalInput(new Date()));
    setAtChanged(false);
    setErrors({});
  }

  function startEdit(c: Correction) {
    setEditing(c);
    setWrong(c.wrong);
    setRight(c.right);
    setAt(toLocalInput(new Date(c.correctedAt)));
    setAtChanged(false);
    setErrors({});
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const correctedAt = fromLocalInput(at);
    const parsed = CorrectionInputSchema.safeParse({ wrong, right, ...(correctedAt && atChanged ? { correctedAt } : {}) });
    const next: Errors = correctedAt ? {} : { correctedAt: 'Enter the date and time of the correction' };
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]) as keyof Errors;
        next[key] ??= issue.message;
      }
    }
    setErrors(next);
    if (!parsed.success || Object.keys(next).length > 0) return;
    const onError = (error: unknown) => {
      if (!isApiError(error)) return;
      const fromServer: Errors = {};
      for (const issue of error.issues ?? []) {
        if (issue.path === 'wrong' || issue.path === 'right' || issue.path === 'correctedAt') fromServer[issue.path] = issue.message;
      }
      setErrors(fromServer);
    };
    if (editing) update.mutate({ id: editing.id, input: parsed.data }, { onSuccess: reset, onError });
    else record.mutate(parsed.data, { onSuccess: reset, onError });
  }

  const corrections = list.data ?? [];
  return (
    <section id="corrections" aria-labelledby={`${ids}-heading`} className="scroll-mt-4">
      <Card>
        <CardHeader>
          <CardTitle as="h2" className="text-base">
            <span id={`${ids}-heading`} ref={headingRef} tabIndex={-1}>
              Corrections
            </span>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-6">
          {post.published ? (
            <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={editing ? 'Change the correction' : 'Record a correction'}>
              <p className="text-sm text-muted-foreground">
                A correction is published at once: a dated notice at the top of the article, its &ldquo;Updated&rdquo;
                time, the public corrections log and the feeds. It can be changed or withdrawn for 30 minutes; after
                that, record a further correction.
              </p>
              <Field id="correction-wrong" label="What was wrong" error={errors.wrong}>
                <Textarea
                  id="correction-wrong"
                  rows={3}
                  value={wrong}
                  onChange={(e) => setWrong(e.target.value)}
                  placeholder="What the article said"
                  aria-invalid={errors.wrong ? true : undefined}
                  aria-describedby={describedBy('correction-wrong', { error: errors.wrong })}
                />
              </Field>
              <Field id="correction-right" label="What is right" error={errors.right}>
                <Textarea
                  id="correction-right"
                  rows={3}
                  value={right}
                  onChange={(e) => setRight(e.target.value)}
                  placeholder="What is correct"
                  aria-invalid={errors.right ? true : undefined}
                  aria-describedby={describedBy('correction-right', { error: errors.right })}
                />
              </Field>
              <Field id="correction-at" label="Corrected at" hint="Your local time; now by default." error={errors.correctedAt}>
                <Input
                  id="correction-at"
                  type="datetime-local"
                  value={at}
                  onChange={(e) => {
                    setAt(e.target.value);
                    setAtChanged(true);
                  }}
                  aria-invalid={errors.correctedAt ? true : undefined}
                  aria-describedby={describedBy('correction-at', { hint: true, error: errors.correctedAt })}
                />
              </Field>
              <div className="flex flex-wrap gap-2">
                <Button type="submit" disabled={saving}>
                  {saving ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                  {editing ? 'Save correction' : 'Publish correction'}
                </Button>
                {editing ? (
                  <Button type="button" variant="outline" onClick={reset}>
                    Cancel
                  </Button>
                ) : null}
              </div>
            </form>
          ) : (
            <p className="text-sm text-muted-foreground" role="note">
              Corrections can only be recorded on a published article; edit the draft instead.
            </p>
          )}

          {list.isPending ? (
            <p className="text-sm text-muted-foreground">Loading corrections...</p>
          ) : list.isError ? (
            <p className="text-sm text-destructive">Could not load the corrections: {list.error.message}</p>
          ) : corrections.length === 0 ? (
            <p className="text-sm text-muted-foreground">No corrections yet.</p>
          ) : (
            <ol className="grid gap-3" aria-label="Corrections of this article">
              {corrections.map((c) => {
                const open = Date.parse(c.editableUntil) > now.getTime();
                return (
                  <li key={c.id} className="rounded-md border p-3 text-sm">
                    <p className="font-medium">
                      <time dateTime={c.correctedAt}>{formatDateTime(c.correctedAt)}</time>
                      {c.recordedBy ? <span className="text-muted-foreground"> · recorded by {c.recordedBy}</span> : null}
                    </p>
                    <p className="mt-1">
                      <span className="text-muted-foreground">Wrong:</span> {c.wrong}
                    </p>
                    <p>
                      <span className="text-muted-foreground">Right:</span> {c.right}
                    </p>
                    {open ? (
                      <div className="mt-2 flex flex-wrap items-center gap-2">
                        <Button type="button" size="sm" variant="outline" onClick={() => startEdit(c)}>
                          Edit
                        </Button>
                        <Button type="button" size="sm" variant="outline" onClick={() => setConfirm(c)}>
                          Withdraw
                        </Button>
                        <span className="text-xs text-muted-foreground">
                          until {formatDateTime(c.editableUntil)}
                        </span>
                      </div>
                    ) : (
                      <p className="mt-2 text-xs text-muted-foreground">Part of the public record.</p>
                    )}
                  </li>
                );
              })}
            </ol>
          )}
        </CardContent>
      </Card>
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(o) => !o && setConfirm(null)}
        title="Withdraw this correction?"
        description="The notice disappears from the article, the corrections log and the feeds. Withdraw only a correction recorded by mistake; to correct a correction, record a further one."
        confirmLabel="Withdraw"
        onConfirm={() => {
          if (confirm) withdraw.mutate(confirm.id);
          setConfirm(null);
        }}
      />
    </section>
  );
}

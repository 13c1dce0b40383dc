import { useState, type ReactNode } from 'react';
import { History, Loader2, RotateCcw } from 'lucide-react';
import type { Post } from 'content-schema/post';
import type { RevisionSummary } from 'content-schema/revisions';
import { relativeTime } from 'content-schema/relative-time';
import { formatDateTime } from 'content-schema/format';
import { REVISIONS_PAGE, useRestoreRevision, useRevision, useRevisions } from './api/revisions.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { useNow } from '../../lib/use-now.ts';
import { fieldsOf, type CopyFields } from './copy-fields.ts';
import { FieldsDiff } from './fields-diff.tsx';
import { revisionByline, revisionTitle } from './revision-summary.ts';

/** One revision's differences from the editor's current text, and its Restore button. */
function RevisionDiff({
  id,
  current,
  onRestore,
  restoring,
}: {
  id: number;
  current: CopyFields;
  onRestore: (version: number) => void;
  restoring: boolean;
}) {
  const revision = useRevision(id);
  if (revision.isPending) return <p className="text-sm text-muted-foreground">Loading revision…</p>;
  if (revision.isError) return <p className="text-sm text-destructive">Could not load this revision.</p>;
  return (
    <div className="grid gap-3">
      <FieldsDiff from={current} to={fieldsOf(revision.data)} fromLabel="the current text" toLabel="this revision" />
      <div>
        <Button size="sm" onClick={() => onRestore(revision.data.version)} disabled={restoring}>
          {restoring ? <Loader2 className="animate-spin" aria-hidden="true" /> : <RotateCcw aria-hidden="true" />}
          Restore version {revision.data.version}
        </Button>
      </div>
    </div>
  );
}

/** One revision in the list: who, when, what changed, and Compare (which opens its diff). */
function RevisionItem({
  revision: r,
  editing,
  open,
  now,
  onToggle,
  children,
}: {
  revision: RevisionSummary;
  /** It is the saved version the editor is based on. */
  editing: boolean;
  open: boolean;
  now: Date;
  onToggle: () => void;
  /** The diff, while it is open. */
  children: ReactNode;
}) {
  return (
    <li className="grid gap-2 rounded-md border p-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-2">
        <span className="font-medium">{revisionTitle(r)}</span>
        <time
          dateTime={r.createdAt}
          title={formatDateTime(r.createdAt, { seconds: true })}
          className="text-xs text-muted-foreground"
        >
          {relativeTime(r.createdAt, now)}
        </time>
      </div>
      <span className="text-xs text-muted-foreground">{revisionByline(r)}</span>
      {editing ? <span className="text-xs text-muted-foreground">The saved version you are editing.</span> : null}
      <div>
        <Button
          variant="outline"
          size="sm"
          aria-expanded={open}
          aria-label={`${open ? 'Hide' : 'Compare'} version ${r.version}`}
          onClick={onToggle}
        >
          {open ? 'Hide' : 'Compare'}
        </Button>
      </div>
      {children}
    </li>
  );
}

/** Restore asks first: it replaces the post's text (as a new revision, so it can be restored back). */
function ConfirmRestore({
  version,
  onCancel,
  onConfirm,
}: {
  /** The version to restore; null while nothing is asked. */
  version: number | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={version !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={`Restore version ${version ?? ''}?`}
      description="The post’s text is replaced by this version’s and saved as a new revision. The version saved now stays in the list, so you can restore it again."
      confirmLabel="Restore"
      onConfirm={onConfirm}
    />
  );
}

interface RevisionsPanelProps {
  post: Post;
  /** The version the editor is based on: a restore from an outdated view is refused (409). */
  baseVersion: number;
  /** The editor's current fields, to diff against. */
  current: () => CopyFields;
  onRestored: (post: Post) => void;
  onConflict: (error: unknown) => boolean;
}

/**
 * The post's revisions, newest first: who saved each, when, and which fields changed. Opening one shows what
 * restoring it would change in the current text; Restore (once confirmed) saves its words as a new revision.
 */
export function RevisionsPanel({ post, baseVersion, current, onRestored, onConflict }: RevisionsPanelProps) {
  const [limit, setLimit] = useState(REVISIONS_PAGE);
  const [open, setOpen] = useState<number | null>(null);
  const revisions = useRevisions(post.id, limit);
  const restore = useRestoreRevision();
  // Restoring replaces the editor's text in one click otherwise: it asks first, naming what is replaced.
  const [confirming, setConfirming] = useState<{ id: number; version: number } | null>(null);
  const now = useNow();

  function restoreRevision(id: number) {
    const onSuccess = (saved: Post) => {
      setOpen(null);
      onRestored(saved);
    };
    restore.mutate({ id, version: baseVersion }, { onSuccess, onError: (error) => void onConflict(error) });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="inline-flex items-center gap-2 text-base">
          <History className="size-4" aria-hidden="true" />
          Revisions
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {revisions.isPending ? (
          <p className="text-sm text-muted-foreground">Loading revisions…</p>
        ) : revisions.isError ? (
          <p className="text-sm text-destructive">Could not load the revisions.</p>
        ) : (
          <>
            <ol className="grid gap-3" aria-label="Revisions, newest first">
              {revisions.data.items.map((r) => (
                <RevisionItem
                  key={r.id}
                  revision={r}
                  editing={r.version === post.version && r.version === baseVersion}
                  open={open === r.id}
                  now={now}
                  onToggle={() => setOpen((o) => (o === r.id ? null : r.id))}
                >
                  {open === r.id ? (
                    <RevisionDiff
                      id={r.id}
                      current={current()}
                      onRestore={(version) => setConfirming({ id: r.id, version })}
                      restoring={restore.isPending}
                    />
                  ) : null}
                </RevisionItem>
              ))}
            </ol>
            {revisions.data.items.length < revisions.data.total ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setLimit((l) => l + REVISIONS_PAGE)}
                disabled={revisions.isFetching}
              >
                Show older revisions
              </Button>
            ) : null}
          </>
        )}
        <ConfirmRestore
          version={confirming?.version ?? null}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            if (confirming) restoreRevision(confirming.id);
          }}
        />
      </CardContent>
    </Card>
  );
}

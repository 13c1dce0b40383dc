import type { Correction } from 'content-schema/corrections';
import { formatDateTime } from 'content-schema/format';
import { Button } from '../../components/ui/button.tsx';
import { useNow } from '../../lib/use-now.ts';
import { useCorrections } from './api/corrections.ts';
import { stillEditable } from './correction-draft.ts';

interface ItemActions {
  onEdit: (correction: Correction) => void;
  onWithdraw: (correction: Correction) => void;
}

/** One correction: when, by whom, wrong and right, and Edit/Withdraw while it may still change. */
function CorrectionItem({
  correction: c,
  now,
  onEdit,
  onWithdraw,
}: { correction: Correction; now: Date } & ItemActions) {
  return (
    <li className="rounded-md border p-3 text-sm">
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
      {stillEditable(c, now) ? (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <Button type="button" size="sm" variant="outline" onClick={() => onEdit(c)}>
            Edit
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={() => onWithdraw(c)}>
            Withdraw
          </Button>
          <span className="text-xs text-muted-foreground">until {formatDateTime(c.editableUntil)}</span>
        </div>
      ) : (
        <p className="mt-2 text-xs text-muted-foreground">Part of the public record.</p>
      )}
    </li>
  );
}

/** The post's corrections, each editable for its first 30 minutes. */
export function CorrectionsList({ postId, ...actions }: { postId: number } & ItemActions) {
  const list = useCorrections(postId);
  const now = useNow(30_000);
  const corrections = list.data ?? [];
  if (list.isPending) return <p className="text-sm text-muted-foreground">Loading corrections...</p>;
  if (list.isError) {
    return <p className="text-sm text-destructive">Could not load the corrections: {list.error.message}</p>;
  }
  if (corrections.length === 0) return <p className="text-sm text-muted-foreground">No corrections yet.</p>;
  return (
    <ol className="grid gap-3" aria-label="Corrections of this article">
      {corrections.map((c) => (
        <CorrectionItem key={c.id} correction={c} now={now} {...actions} />
      ))}
    </ol>
  );
}

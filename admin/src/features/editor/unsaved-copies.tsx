import { Link } from 'react-router';
import { History } from 'lucide-react';
import { relativeTime } from 'content-schema/relative-time';
import { useDiscardWorkingCopy, useWorkingCopies } from './api/working-copies.ts';
import { Button } from '../../components/ui/button.tsx';
import { useNow } from '../../lib/use-now.ts';

/**
 * After sign-in (and whenever the dashboard shows): the editor's autosaved changes that were never saved, from
 * this browser or another, each with Restore (opens the editor, which offers the copy) and Discard.
 */
export function UnsavedCopies() {
  const copies = useWorkingCopies();
  const discard = useDiscardWorkingCopy();
  const now = useNow();
  const items = copies.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section
      aria-labelledby="unsaved-copies-title"
      className="grid gap-3 rounded-md border border-warning/40 bg-background p-4 text-sm"
    >
      <h2 id="unsaved-copies-title" className="inline-flex items-center gap-2 font-semibold">
        <History className="size-4" aria-hidden="true" />
        Restore unsaved changes
      </h2>
      <ul className="grid gap-2">
        {items.map((copy) => {
          const title = copy.title.trim() || 'Untitled post';
          return (
            <li key={copy.key} className="flex flex-wrap items-center justify-between gap-2">
              <span>
                <span className="font-medium">{title}</span>{' '}
                <span className="text-muted-foreground">
                  · {copy.postId === null ? 'new post' : 'edited'} · autosaved{' '}
                  {relativeTime(copy.updatedAt, now).toLowerCase()}
                  {copy.postVersion !== null && copy.postVersion > copy.baseVersion
                    ? ' · the post was saved since'
                    : ''}
                </span>
              </span>
              <span className="flex gap-2">
                <Button asChild size="sm">
                  <Link
                    to={copy.postId === null ? '/create' : `/edit/${copy.postId}`}
                    state={copy.postId === null ? { copyKey: copy.key } : undefined}
                    aria-label={`Restore unsaved changes to ${title}`}
                  >
                    Restore
                  </Link>
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Discard unsaved changes to ${title}`}
                  disabled={discard.isPending}
                  onClick={() => discard.mutate(copy.key)}
                >
                  Discard
                </Button>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

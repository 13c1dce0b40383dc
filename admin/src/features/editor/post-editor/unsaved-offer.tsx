import { History } from 'lucide-react';
import type { Post } from 'content-schema/post';
import { Button } from '../../../components/ui/button.tsx';
import type { Offer } from './editor-session.ts';
import { offerMessage } from './session-texts.ts';

/** Unsaved changes found on opening: Restore or Discard before anything is typed over them. */
export function UnsavedOffer({
  offer,
  current,
  onRestore,
  onDiscard,
}: {
  offer: Offer;
  /** The saved post the editor is based on (null for a new post). */
  current: Post | null;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <section
      aria-labelledby="unsaved-offer-title"
      className="mb-4 grid gap-3 rounded-md border border-warning/40 bg-background p-4 text-sm"
    >
      <h2 id="unsaved-offer-title" className="inline-flex items-center gap-2 font-semibold">
        <History className="size-4" aria-hidden="true" />
        Unsaved changes found
      </h2>
      <p>{offerMessage(offer, current)}</p>
      <div className="flex gap-2">
        <Button size="sm" onClick={onRestore}>
          Restore
        </Button>
        <Button variant="outline" size="sm" onClick={onDiscard}>
          Discard
        </Button>
      </div>
    </section>
  );
}

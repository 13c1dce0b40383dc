import { formatDateTime } from 'content-schema/format';
import type { Post } from 'content-schema/post';
import { fieldsOf, type CopyFields } from '../copy-fields.ts';
import type { Conflict, Offer } from './editor-session.ts';

/** What the offer of unsaved changes says: when and where they were kept, and whether the post moved on since. */
export function offerMessage(offer: Offer, current: Post | null): string {
  const where = offer.source === 'browser' ? ', kept in this browser' : ', autosaved to the server';
  const savedSince =
    current && offer.baseVersion < current.version
      ? ' The post has been saved since they were made; saving them will let you compare first.'
      : '';
  return `You have unsaved changes from ${formatDateTime(offer.at)}${where}.${savedSince} Restore them, or discard them and edit the saved post.`;
}

/** The compare view of a conflict: what happened, the other version to compare with (if any), the choices. */
export interface CompareView {
  message: string;
  /** The other version's fields and what to call it; null when the other tab removed the copy. */
  theirs: { fields: CopyFields; label: string } | null;
  keepLabel: string;
}

export function compareView(conflict: Conflict): CompareView {
  if (conflict.kind === 'post') {
    return {
      message: `This post was saved elsewhere (version ${conflict.theirs.version}) since you opened it. Nothing was overwritten.`,
      theirs: { fields: fieldsOf(conflict.theirs), label: 'the saved post' },
      keepLabel: 'Keep mine and save',
    };
  }
  if (conflict.theirs) {
    return {
      message: 'Another tab saved changes to this post since this tab last autosaved. Nothing was overwritten.',
      theirs: { fields: conflict.theirs.fields, label: 'the other tab' },
      keepLabel: 'Keep mine',
    };
  }
  return {
    message: 'The unsaved changes of this post were saved or discarded in another tab.',
    theirs: null,
    keepLabel: 'Keep mine',
  };
}

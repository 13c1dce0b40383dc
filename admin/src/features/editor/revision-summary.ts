import { fieldLabel } from 'content-schema/post-fields';
import type { RevisionSummary } from 'content-schema/revisions';

const KIND_LABELS: Record<RevisionSummary['kind'], string> = { create: 'Created', save: 'Saved', restore: 'Restored' };

/** A revision's heading: "Version 3 · Saved". */
export function revisionTitle(revision: RevisionSummary): string {
  return `Version ${revision.version} · ${KIND_LABELS[revision.kind]}`;
}

/** Who saved it and which fields changed: "by ada · Changed: Title, Content". */
export function revisionByline(revision: RevisionSummary): string {
  const by = revision.savedBy ? `by ${revision.savedBy}` : 'by the system';
  const changed =
    revision.changed.length === 0 ? 'No field changed' : `Changed: ${revision.changed.map(fieldLabel).join(', ')}`;
  return `${by} · ${changed}`;
}

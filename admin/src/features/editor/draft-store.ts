import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** What the editor keeps of an unsaved post in this browser. */
export interface DraftEntry {
  /** Checked with StoredDraftValuesSchema when read back. */
  values: unknown;
  savedAt: string;
  /** The post version the changes were made on (0 for a post not yet created); absent in entries from before. */
  baseVersion?: number;
  /** The server working copy these changes autosave to (`post:<id>` or `new:<random>`). */
  copyKey?: string;
}

interface DraftState {
  drafts: Record<string, DraftEntry>;
  saveDraft: (key: string, entry: Omit<DraftEntry, 'savedAt'>) => void;
  clearDraft: (key: string) => void;
}

/**
 * Unsaved editor content, kept in localStorage on every change until the post is saved, so that an expired
 * session, a dead network, a reload or a closed tab loses nothing. Keyed by `new` or `post-{id}`.
 */
export const useDraftStore = create<DraftState>()(
  persist(
    (set) => ({
      drafts: {},
      saveDraft: (key, entry) =>
        set((state) => ({ drafts: { ...state.drafts, [key]: { ...entry, savedAt: new Date().toISOString() } } })),
      clearDraft: (key) =>
        set((state) => {
          const { [key]: _removed, ...rest } = state.drafts;
          return { drafts: rest };
        }),
    }),
    { name: 'northwire-admin:editor-drafts', version: 1 },
  ),
);

/** The storage key of a post's draft. */
export function draftKey(postId: number | null): string {
  return postId === null ? 'new' : `post-${postId}`;
}

/** A fresh working copy key for a post not yet created. */
export function newCopyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `new:${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

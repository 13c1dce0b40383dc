import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { EditorValues } from './post-form-values.ts';

interface DraftEntry {
  /** Checked with StoredDraftValuesSchema when read back. */
  values: unknown;
  savedAt: string;
}

interface DraftState {
  drafts: Record<string, DraftEntry>;
  saveDraft: (key: string, values: EditorValues) => void;
  clearDraft: (key: string) => void;
}

/**
 * Unsaved editor content, kept in localStorage until the post is saved, so that an expired session, a reload
 * or a closed tab loses nothing. Keyed by `new` or `post-{id}`.
 */
export const useDraftStore = create<DraftState>()(
  persist(
    (set) => ({
      drafts: {},
      saveDraft: (key, values) =>
        set((state) => ({ drafts: { ...state.drafts, [key]: { values, savedAt: new Date().toISOString() } } })),
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

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
  /** The tab that wrote them (tabs of one browser share this store). */
  tab?: string;
}

/** This tab, so that a save here never clears words another tab of this browser wrote since. */
export const TAB_ID = Math.random().toString(36).slice(2);

const DRAFTS_STORAGE_KEY = 'northwire-admin:editor-drafts';

interface DraftState {
  drafts: Record<string, DraftEntry>;
  saveDraft: (key: string, entry: Omit<DraftEntry, 'savedAt' | 'tab'>) => void;
  clearDraft: (key: string) => void;
  /** Clears the draft only if this tab wrote it last (after this tab's save). */
  clearOwnDraft: (key: string) => void;
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
        set((state) => ({
          drafts: { ...state.drafts, [key]: { ...entry, tab: TAB_ID, savedAt: new Date().toISOString() } },
        })),
      clearDraft: (key) =>
        set((state) => {
          const { [key]: _removed, ...rest } = state.drafts;
          return { drafts: rest };
        }),
      clearOwnDraft: (key) =>
        set((state) => {
          // Another tab's words, written to the shared storage after this tab's last change, stay.
          const entry = state.drafts[key];
          if (entry && entry.tab !== undefined && entry.tab !== TAB_ID) return state;
          const { [key]: _removed, ...rest } = state.drafts;
          return { drafts: rest };
        }),
    }),
    { name: DRAFTS_STORAGE_KEY, version: 1 },
  ),
);

// Tabs of one browser share the storage: each follows the others' writes, so that none writes back a stale map
// over words another tab kept there.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === DRAFTS_STORAGE_KEY) void useDraftStore.persist.rehydrate();
  });
}

/** The storage key of a post's draft. */
export function draftKey(postId: number | null): string {
  return postId === null ? 'new' : `post-${postId}`;
}

/** A fresh working copy key for a post not yet created. */
export function newCopyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `new:${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

import { useMemo } from 'react';
import { useDraftStore } from '../draft-store.ts';
import type { EditorForm } from '../post-form-values.ts';

/** This browser's copy of the editor's words (localStorage), under the post's key. */
export interface DraftWrites {
  save: () => void;
  clear: () => void;
  /** Clears it only if this tab wrote it last. */
  clearOwn: () => void;
}

export function useDraftWrites(key: string, copyKey: string, baseVersion: { current: number }, form: EditorForm) {
  const saveDraft = useDraftStore((s) => s.saveDraft);
  const clearDraft = useDraftStore((s) => s.clearDraft);
  const clearOwnDraft = useDraftStore((s) => s.clearOwnDraft);
  const { getValues } = form;
  return useMemo<DraftWrites>(
    () => ({
      save: () => saveDraft(key, { values: getValues(), baseVersion: baseVersion.current, copyKey }),
      clear: () => clearDraft(key),
      clearOwn: () => clearOwnDraft(key),
    }),
    [saveDraft, clearDraft, clearOwnDraft, key, copyKey, baseVersion, getValues],
  );
}

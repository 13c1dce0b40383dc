import { useEffect, useMemo, useState } from 'react';
import { writeWorkingCopy } from './api/working-copies.ts';
import {
  changed,
  leave,
  newAutosaver,
  pause,
  push,
  resume,
  settle,
  type AutosaveSource,
  type AutosaveStatus,
  type Autosaver,
} from './autosave-writer.ts';

/** Sends what is unsent when the page is hidden or left, and again when the browser is back online. */
function followPage(saver: Autosaver): () => void {
  saver.state.alive = true;
  const flush = () => void push(saver, true);
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  const onOnline = () => void push(saver);
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('online', onOnline);
  return () => {
    window.removeEventListener('pagehide', flush);
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('online', onOnline);
    // Leaving the editor inside the app (Back to Dashboard): what is unsent goes now.
    leave(saver);
  };
}

/**
 * Saves the editor's fields to the server working copy, debounced, and at once when the page is hidden or left
 * (with `keepalive`, so the request outlives the tab). Nothing here touches the post: publishing stays an explicit
 * save. The copy's revision this tab last saw travels with each write, so another tab's write since is a 409
 * (`onConflict`) instead of being overwritten. Failures keep the changes unsent; the editor's own localStorage
 * mirror holds them meanwhile.
 */
export function useAutosave(source: AutosaveSource) {
  const [status, setStatus] = useState<AutosaveStatus>({ state: 'idle' });
  const [saver] = useState(() => newAutosaver({ source, write: writeWorkingCopy, setStatus, now: Date.now }));
  saver.deps.source = source;
  useEffect(() => followPage(saver), [saver]);
  const controls = useMemo(
    () => ({
      changed: () => changed(saver),
      /** Saves what is unsent now (before an explicit save, or on demand). */
      flush: () => push(saver),
      /** The copy revision this tab last wrote or read. */
      revision: () => saver.state.revision,
      /** The copy revision this tab has seen (a copy read on opening, or the one a conflict showed). */
      setRevision: (value: number) => {
        saver.state.revision = value;
      },
      pause: () => pause(saver),
      resume: (options?: { dirty?: boolean; saved?: boolean }) => resume(saver, options),
      settle: () => settle(saver),
    }),
    [saver],
  );
  return { status, ...controls };
}

export type Autosave = ReturnType<typeof useAutosave>;

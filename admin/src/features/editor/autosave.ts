import { useCallback, useEffect, useRef, useState } from 'react';
import type { WorkingCopy, WorkingCopyFields } from 'content-schema/revisions';
import { copyConflict, writeWorkingCopy } from './api/working-copies.ts';
import { isApiError } from '../../lib/api-client.ts';

/** Quiet time after the last keystroke before the draft goes to the server. */
export const AUTOSAVE_DELAY_MS = 2500;
/** While offline (or signed out), another try this often, besides the browser's `online` event. */
const RETRY_MS = 15_000;
/** Browsers refuse keepalive bodies over 64 KB; a larger body goes as an ordinary request. */
const KEEPALIVE_MAX_BYTES = 60_000;

export type AutosaveStatus =
  | { state: 'idle' }
  | { state: 'saving' }
  | { state: 'saved'; at: number }
  /** The network or the session failed: the changes are only in this browser (localStorage). */
  | { state: 'offline' }
  /** The server refused the copy (a field beyond its limit, the post deleted): kept in this browser. */
  | { state: 'refused'; message: string }
  /** Another tab wrote the copy since: waiting for the editor to compare and choose. */
  | { state: 'conflict' };

export interface AutosaveSource {
  /** The server working copy's key. */
  copyKey: string;
  /** The fields to save now. */
  fields: () => WorkingCopyFields;
  /** The post version the changes are based on (0 for a post not yet created). */
  baseVersion: () => number;
  /** Another tab wrote the copy (`theirs`, null if it removed it): autosave waits until `resolve` is called. */
  onConflict: (theirs: WorkingCopy | null) => void;
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
  const src = useRef(source);
  src.current = source;
  /** The copy revision this tab last wrote or read. */
  const revision = useRef(0);
  /** Changes made since the last successful write. */
  const dirty = useRef(false);
  const paused = useRef(false);
  const inFlight = useRef(false);
  /** False once the editor is gone: no more retries. */
  const alive = useRef(true);
  const timer = useRef<number | undefined>(undefined);

  const push = useCallback(async (keepalive = false): Promise<void> => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    if (paused.current || !dirty.current) return;
    if (inFlight.current) {
      // The write under way carries older fields: another follows it.
      timer.current = window.setTimeout(() => void push(), 300);
      return;
    }
    const { copyKey, fields, baseVersion } = src.current;
    const body = { fields: fields(), baseVersion: baseVersion(), revision: revision.current };
    const small = new Blob([JSON.stringify(body)]).size <= KEEPALIVE_MAX_BYTES;
    dirty.current = false;
    inFlight.current = true;
    setStatus({ state: 'saving' });
    try {
      const copy = await writeWorkingCopy(copyKey, body, { keepalive: keepalive && small });
      revision.current = copy.revision;
      setStatus({ state: 'saved', at: Date.now() });
    } catch (error) {
      const conflict = copyConflict(error);
      if (conflict) {
        dirty.current = true;
        paused.current = true;
        setStatus({ state: 'conflict' });
        src.current.onConflict(conflict.current);
        return;
      }
      dirty.current = true;
      if (isApiError(error) && (error.status === 400 || error.status === 404)) {
        setStatus({ state: 'refused', message: error.detail ?? error.message });
      } else {
        // No answer (offline), 401 (signed out), or the server failing: all leave the words in this browser only.
        setStatus({ state: 'offline' });
        if (alive.current) timer.current = window.setTimeout(() => void push(), RETRY_MS);
      }
    } finally {
      inFlight.current = false;
    }
  }, []);

  /** Records a change: saved after a quiet moment. */
  const changed = useCallback(() => {
    dirty.current = true;
    if (paused.current) return;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => void push(), AUTOSAVE_DELAY_MS);
  }, [push]);

  useEffect(() => {
    alive.current = true;
    const flush = () => void push(true);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    const onOnline = () => void push();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('online', onOnline);
      window.clearTimeout(timer.current);
      // Leaving the editor inside the app (Back to Dashboard): what is unsent goes now.
      if (dirty.current && !paused.current) void push(true);
      alive.current = false;
    };
  }, [push]);

  return {
    status,
    changed,
    /** Saves what is unsent now (before an explicit save, or on demand). */
    flush: push,
    /** The copy revision this tab last wrote or read. */
    revision: () => revision.current,
    /** The copy revision this tab has seen (a copy read on opening, or the one a conflict showed). */
    setRevision: (value: number) => {
      revision.current = value;
    },
    /** Holds autosave (while the editor decides about an offered copy); `resume` continues it. */
    pause: () => {
      paused.current = true;
      window.clearTimeout(timer.current);
    },
    /**
     * Continues after a pause or a conflict; `dirty` says whether there is something to save at once, `saved` that
     * the server already holds these words.
     */
    resume: (options: { dirty?: boolean; saved?: boolean } = {}) => {
      paused.current = false;
      if (options.dirty !== undefined) dirty.current = options.dirty;
      if (options.saved) setStatus({ state: 'saved', at: Date.now() });
      else setStatus((s) => (s.state === 'conflict' ? { state: 'idle' } : s));
      if (dirty.current) void push();
    },
    /** Forgets unsent changes (after an explicit save made them moot). */
    settle: () => {
      dirty.current = false;
      paused.current = true;
      window.clearTimeout(timer.current);
    },
  };
}

export type Autosave = ReturnType<typeof useAutosave>;

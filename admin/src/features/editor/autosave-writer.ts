import type { WorkingCopy, WorkingCopyFields, WorkingCopyWrite } from 'content-schema/revisions';
import { isApiError } from '../../lib/api-client.ts';
import { copyConflict } from './api/working-copies.ts';

/**
 * The autosave writer, without React: what it keeps between writes (`AutosaveState`) and the functions that
 * debounce, send, retry and hold the editor's writes of its server working copy. `useAutosave` gives it the
 * React state and the page's events; the tests give it a fake write and a fake clock.
 */

/** Quiet time after the last keystroke before the draft goes to the server. */
export const AUTOSAVE_DELAY_MS = 2500;
/** While offline (or signed out), another try this often, besides the browser's `online` event. */
export const RETRY_MS = 15_000;
/** A change made while a write is under way goes this long after it. */
const FOLLOW_UP_MS = 300;
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
  /** Another tab wrote the copy (`theirs`, null if it removed it): autosave waits until `resume` is called. */
  onConflict: (theirs: WorkingCopy | null) => void;
}

export interface AutosaveDeps {
  /** Where the fields come from; the editor replaces it as it renders. */
  source: AutosaveSource;
  write: (key: string, body: WorkingCopyWrite, options: { keepalive?: boolean }) => Promise<WorkingCopy>;
  setStatus: (update: AutosaveStatus | ((status: AutosaveStatus) => AutosaveStatus)) => void;
  now: () => number;
}

export interface AutosaveState {
  /** The copy revision this tab last wrote or read. */
  revision: number;
  /** Changes made since the last successful write. */
  dirty: boolean;
  paused: boolean;
  inFlight: boolean;
  /** False once the editor is gone: no more retries. */
  alive: boolean;
  timer: ReturnType<typeof setTimeout> | undefined;
}

export interface Autosaver {
  state: AutosaveState;
  deps: AutosaveDeps;
}

export function newAutosaver(deps: AutosaveDeps): Autosaver {
  return {
    deps,
    state: { revision: 0, dirty: false, paused: false, inFlight: false, alive: true, timer: undefined },
  };
}

/** Whether a body may go with `keepalive` (so the request outlives the tab). */
export function fitsKeepalive(body: WorkingCopyWrite): boolean {
  return new Blob([JSON.stringify(body)]).size <= KEEPALIVE_MAX_BYTES;
}

/** What a failed write means: another tab wrote the copy, the server refused it, or no answer (kept to retry). */
export type WriteFailure =
  { kind: 'conflict'; theirs: WorkingCopy | null } | { kind: 'refused'; message: string } | { kind: 'offline' };

export function writeFailure(error: unknown): WriteFailure {
  const conflict = copyConflict(error);
  if (conflict) return { kind: 'conflict', theirs: conflict.current };
  if (isApiError(error) && (error.status === 400 || error.status === 404)) {
    return { kind: 'refused', message: error.detail ?? error.message };
  }
  // No answer (offline), 401 (signed out), or the server failing: all leave the words in this browser only.
  return { kind: 'offline' };
}

function later(saver: Autosaver, ms: number): void {
  clearTimeout(saver.state.timer);
  saver.state.timer = setTimeout(() => void push(saver), ms);
}

/** Sends the unsent changes now (with `keepalive` when the page is being left). */
export async function push(saver: Autosaver, keepalive = false): Promise<void> {
  const { state, deps } = saver;
  clearTimeout(state.timer);
  state.timer = undefined;
  if (state.paused || !state.dirty) return;
  // The write under way carries older fields: another follows it.
  if (state.inFlight) return later(saver, FOLLOW_UP_MS);
  const { copyKey, fields, baseVersion } = deps.source;
  const body = { fields: fields(), baseVersion: baseVersion(), revision: state.revision };
  state.dirty = false;
  state.inFlight = true;
  deps.setStatus({ state: 'saving' });
  try {
    const copy = await deps.write(copyKey, body, { keepalive: keepalive && fitsKeepalive(body) });
    state.revision = copy.revision;
    deps.setStatus({ state: 'saved', at: deps.now() });
  } catch (error) {
    failed(saver, writeFailure(error));
  } finally {
    state.inFlight = false;
  }
}

function failed(saver: Autosaver, failure: WriteFailure): void {
  const { state, deps } = saver;
  state.dirty = true;
  if (failure.kind === 'conflict') {
    state.paused = true;
    deps.setStatus({ state: 'conflict' });
    deps.source.onConflict(failure.theirs);
  } else if (failure.kind === 'refused') {
    deps.setStatus({ state: 'refused', message: failure.message });
  } else {
    deps.setStatus({ state: 'offline' });
    if (state.alive) later(saver, RETRY_MS);
  }
}

/** Records a change: saved after a quiet moment. */
export function changed(saver: Autosaver): void {
  saver.state.dirty = true;
  if (!saver.state.paused) later(saver, AUTOSAVE_DELAY_MS);
}

/** Holds autosave (while the editor decides about an offered copy); `resume` continues it. */
export function pause(saver: Autosaver): void {
  saver.state.paused = true;
  clearTimeout(saver.state.timer);
}

/**
 * Continues after a pause or a conflict; `dirty` says whether there is something to save at once, `saved` that
 * the server already holds these words.
 */
export function resume(saver: Autosaver, options: { dirty?: boolean; saved?: boolean } = {}): void {
  const { state, deps } = saver;
  state.paused = false;
  if (options.dirty !== undefined) state.dirty = options.dirty;
  if (options.saved) deps.setStatus({ state: 'saved', at: deps.now() });
  else deps.setStatus((s) => (s.state === 'conflict' ? { state: 'idle' } : s));
  if (state.dirty) void push(saver);
}

/** Forgets unsent changes (after an explicit save made them moot). */
export function settle(saver: Autosaver): void {
  saver.state.dirty = false;
  saver.state.paused = true;
  clearTimeout(saver.state.timer);
}

/** The editor is gone: what is unsent goes now (it outlives the page), and nothing is tried again. */
export function leave(saver: Autosaver): void {
  clearTimeout(saver.state.timer);
  if (saver.state.dirty && !saver.state.paused) void push(saver, true);
  saver.state.alive = false;
}

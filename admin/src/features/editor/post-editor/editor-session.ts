import { z } from 'zod';
import type { Post } from 'content-schema/post';
import { WorkingCopyKeySchema, type WorkingCopy } from 'content-schema/revisions';
import type { EditorPrefill } from '../../../lib/editor-prefill.ts';
import type { DraftEntry } from '../draft-store.ts';
import { differingFields, fromCopyFields, toCopyFields, type CopyFields } from '../copy-fields.ts';
import { emptyValues, valuesFromPost, valuesFromPrefill, type EditorDefaults } from '../post-form-values.ts';

/**
 * The editing session's decisions, as plain functions: where the editor starts, which unsaved changes it offers,
 * and what each choice (restore, discard, keep mine, take theirs) does, described as a `SessionStep` that
 * `applyStep` carries out. The versions and conflicts behind them: docs/decisions/018-versions-and-conflicts.md.
 */

/** Unsaved changes found on opening, offered for restoring. */
export interface Offer {
  values: EditorDefaults;
  /** When they were written. */
  at: string;
  /** The post version they were made on. */
  baseVersion: number;
  source: 'browser' | 'server';
}

/** A save refused because someone else saved first: the post as it is now, or the other tab's working copy. */
export type Conflict = { kind: 'post'; theirs: Post } | { kind: 'copy'; theirs: WorkingCopy | null };

/** Router state from the dashboard's "unsaved changes" list: the working copy of a post not yet created. */
const CopyStateSchema = z.object({ copyKey: WorkingCopyKeySchema });

/** What the editor opens with. */
export interface Opening {
  post: Post | null;
  /** A template's or the AI writers' content for a new post. */
  prefill: EditorPrefill | null;
  /** The router state, which may name a new post's working copy. */
  routerState: unknown;
  /** The unsaved changes this browser keeps for the post, if any. */
  stored: DraftEntry | undefined;
  /** A fresh working copy key for a post not yet created. */
  newCopyKey: () => string;
}

/** Where the editor starts. */
export interface SessionStart {
  values: EditorDefaults;
  /** Unsaved changes kept in this browser that differ from the post, if any. */
  offer: Offer | null;
  /** Whether the values come from a prefill (kept as the draft once, then dropped from the history entry). */
  prefilled: boolean;
  copyKey: string;
  /** Whether the server may hold a working copy under `copyKey` (not for a key made just now). */
  checkServer: boolean;
}

/** Whether two sets of the editor's values differ in a field a working copy keeps. */
export function differs(a: EditorDefaults, b: EditorDefaults): boolean {
  return differingFields(toCopyFields(a), toCopyFields(b)).length > 0;
}

/** The values a post (or an empty new post) gives the form. */
export function baseValues(post: Post | null): EditorDefaults {
  return post ? valuesFromPost(post) : emptyValues();
}

/** Where the editor starts: a template/AI prefill, else the post (or an empty one), offering any unsaved draft. */
export function startSession({ post, prefill, routerState, stored, newCopyKey }: Opening): SessionStart {
  const base = baseValues(post);
  const fromDashboard = CopyStateSchema.safeParse(routerState);
  const copyKey = post
    ? `post:${post.id}`
    : fromDashboard.success
      ? fromDashboard.data.copyKey
      : (stored?.copyKey ?? newCopyKey());
  const checkServer = !!post || fromDashboard.success || !!stored?.copyKey;
  const start = { values: base, offer: null, prefilled: false, copyKey, checkServer };
  if (prefill && !post) return { ...start, values: valuesFromPrefill(prefill, base), prefilled: true };
  if (stored && (post || !fromDashboard.success || stored.copyKey === copyKey)) {
    const values = { ...base, ...fromCopyFields(stored.values) };
    if (differs(values, base)) {
      const baseVersion = stored.baseVersion ?? post?.version ?? 0;
      return { ...start, offer: { values, at: stored.savedAt, baseVersion, source: 'browser' } };
    }
  }
  return start;
}

/**
 * The offer once the server's working copy has been read: the server's copy when it holds changes newer than this
 * browser's (the server's may lag this browser's by an autosave or more, so this browser's wins a tie).
 */
export function offerWithServerCopy(local: Offer | null, copy: WorkingCopy, base: EditorDefaults): Offer | null {
  const values = { ...base, ...fromCopyFields(copy.fields) };
  if (!differs(values, base)) return local;
  if (local && Date.parse(local.at) >= Date.parse(copy.updatedAt)) return local;
  return { values, at: copy.updatedAt, baseVersion: copy.baseVersion, source: 'server' };
}

/** One move of the session; `applyStep` carries out its parts in this order. */
export interface SessionStep {
  /** Closes the offer of unsaved changes. */
  closeOffer?: true;
  /** Opens the compare view on this conflict, or closes it (null). */
  conflict?: Conflict | null;
  /** Values the form takes (not counted as the editor's change). */
  values?: EditorDefaults;
  /** The post version the editor's words are now based on. */
  baseVersion?: number;
  /** The saved post the editor is now based on. */
  current?: Post;
  /** This browser's copy: written again with the form's values, or removed. */
  draft?: 'save' | 'clear';
  /** Removes the server's working copy. */
  deleteCopy?: true;
  /** The working copy revision this tab has now seen. */
  revision?: number;
  /** How autosave goes on: a change to send after a quiet moment, or continuing after a pause or a conflict. */
  autosave?: { changed: true } | { resume: { dirty?: boolean; saved?: boolean } };
  /** Saves the post now. */
  submit?: true;
}

/** Restore: the offered words fill the form, based on their version, and go to the server copy too. */
export function restoreOfferStep(offer: Offer): SessionStep {
  return {
    closeOffer: true,
    values: offer.values,
    baseVersion: offer.baseVersion,
    draft: 'save',
    autosave: { changed: true },
  };
}

/** Discard: the offered words are dropped here and on the server; the editor edits the saved post. */
export function discardOfferStep(): SessionStep {
  return { closeOffer: true, draft: 'clear', deleteCopy: true, revision: 0 };
}

/** A post saved elsewhere, or by restoring a revision, becomes what the editor shows and is based on. */
export function savedPostStep(saved: Post): SessionStep {
  return {
    values: valuesFromPost(saved),
    baseVersion: saved.version,
    current: saved,
    draft: 'clear',
    deleteCopy: true,
    revision: 0,
    autosave: { resume: { dirty: false } },
  };
}

/** Compare view, "Keep mine": saved over the post as it is now, or written over the other tab's copy. */
export function keepMineStep(conflict: Conflict): SessionStep {
  if (conflict.kind === 'post') {
    return { conflict: null, baseVersion: conflict.theirs.version, current: conflict.theirs, submit: true };
  }
  return { conflict: null, revision: conflict.theirs?.revision ?? 0, autosave: { resume: { dirty: true } } };
}

/** Compare view, "Take theirs": the other version fills the editor, dropping the editor's unsaved words. */
export function takeTheirsStep(conflict: Conflict, mine: EditorDefaults): SessionStep {
  if (conflict.kind === 'post') return { conflict: null, ...savedPostStep(conflict.theirs) };
  if (!conflict.theirs) return { conflict: null };
  return {
    conflict: null,
    values: { ...mine, ...fromCopyFields(conflict.theirs.fields) },
    baseVersion: conflict.theirs.baseVersion,
    draft: 'save',
    revision: conflict.theirs.revision,
    autosave: { resume: { dirty: false } },
  };
}

/**
 * Autosave's 409: another tab wrote the copy (or removed it, `theirs` null). When it wrote exactly the editor's
 * words (or this tab did, before a reload) there is nothing to choose; otherwise the compare view opens.
 */
export function copyConflictStep(theirs: WorkingCopy | null, mine: CopyFields): SessionStep {
  if (theirs && differingFields(theirs.fields, mine).length === 0) {
    return { revision: theirs.revision, autosave: { resume: { dirty: false, saved: true } } };
  }
  return { conflict: { kind: 'copy', theirs } };
}

/** The session's screen state: the offer and compare view shown, and the saved post the editor is based on. */
export interface SessionState {
  offer: Offer | null;
  /** Until the server's working copy has been looked at, autosave waits (it might have to offer that copy). */
  checking: boolean;
  conflict: Conflict | null;
  current: Post | null;
}

export type SessionAction =
  | { type: 'server-copy'; copy: WorkingCopy; base: EditorDefaults }
  | { type: 'checked' }
  | { type: 'step'; step: SessionStep };

export function initialState(start: SessionStart, post: Post | null): SessionState {
  return { offer: start.offer, checking: start.checkServer, conflict: null, current: post };
}

export function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  switch (action.type) {
    case 'server-copy': {
      const offer = offerWithServerCopy(state.offer, action.copy, action.base);
      return offer === state.offer ? state : { ...state, offer };
    }
    case 'checked':
      return { ...state, checking: false };
    case 'step': {
      const { closeOffer, conflict, current } = action.step;
      if (!closeOffer && conflict === undefined && current === undefined) return state;
      return {
        ...state,
        offer: closeOffer ? null : state.offer,
        conflict: conflict === undefined ? state.conflict : conflict,
        current: current ?? state.current,
      };
    }
  }
}

/** Whether autosave waits: an offer is open (nothing may be typed over it) or the server copy is being read. */
export function autosaveWaits(state: SessionState): boolean {
  return state.offer !== null || state.checking;
}

import { describe, expect, it } from 'vitest';
import { toCopyFields } from '../copy-fields.ts';
import type { DraftEntry } from '../draft-store.ts';
import { emptyValues, valuesFromPost } from '../post-form-values.ts';
import { testCopy, testFields, testPost } from '../test-fixtures.ts';
import {
  autosaveWaits,
  copyConflictStep,
  discardOfferStep,
  initialState,
  keepMineStep,
  offerWithServerCopy,
  restoreOfferStep,
  savedPostStep,
  sessionReducer,
  startSession,
  takeTheirsStep,
  type Offer,
  type Opening,
} from './editor-session.ts';

const post = testPost();
const newKey = () => 'new:fresh-key-1234';

function open(overrides: Partial<Opening>): ReturnType<typeof startSession> {
  return startSession({
    post: null,
    prefill: null,
    routerState: null,
    stored: undefined,
    newCopyKey: newKey,
    ...overrides,
  });
}

function draft(values: object, overrides: Partial<DraftEntry> = {}): DraftEntry {
  return {
    values: { ...toCopyFields(valuesFromPost(post)), ...values },
    savedAt: '2026-02-01T09:00:00.000Z',
    ...overrides,
  };
}

describe('startSession: where the editor starts', () => {
  it('opens a post as saved, under its own copy key, and looks for a server copy', () => {
    const start = open({ post });
    expect(start).toMatchObject({
      values: valuesFromPost(post),
      offer: null,
      prefilled: false,
      copyKey: 'post:7',
      checkServer: true,
    });
  });

  it('opens a new post empty under a fresh key, with no server copy to look for', () => {
    expect(open({})).toMatchObject({ values: emptyValues(), copyKey: 'new:fresh-key-1234', checkServer: false });
  });

  it('offers this browser’s unsaved changes, based on the version they were made on', () => {
    const start = open({ post, stored: draft({ title: 'Nordic AI, revised' }, { baseVersion: 2 }) });
    expect(start.values).toEqual(valuesFromPost(post));
    expect(start.offer).toMatchObject({ at: '2026-02-01T09:00:00.000Z', baseVersion: 2, source: 'browser' });
    expect(start.offer?.values.title).toBe('Nordic AI, revised');
  });

  it('takes the post’s version for a stored draft from before versions were kept', () => {
    expect(open({ post, stored: draft({ title: 'Other' }) }).offer?.baseVersion).toBe(3);
  });

  it('offers nothing when the stored words are the post’s own', () => {
    expect(open({ post, stored: draft({}) }).offer).toBeNull();
  });

  it('offers a feature image chosen or moved since, kept in this browser', () => {
    const start = open({ post, stored: draft({ featureImage: { id: 12, focusX: 20, focusY: 80 } }) });
    expect(start.offer?.values.featureImage).toEqual({ id: 12, focusX: 20, focusY: 80 });
  });

  it('continues a new post’s stored copy under its key', () => {
    const start = open({
      stored: { values: { title: 'Draft' }, savedAt: '2026-02-01T09:00:00.000Z', copyKey: 'new:kept-key-5678' },
    });
    expect(start).toMatchObject({ copyKey: 'new:kept-key-5678', checkServer: true });
    expect(start.offer?.values.title).toBe('Draft');
  });

  it('opens the copy the dashboard names, offering the stored words only if they are that copy’s', () => {
    const stored: DraftEntry = {
      values: { title: 'Other' },
      savedAt: '2026-02-01T09:00:00.000Z',
      copyKey: 'new:other-key-0000',
    };
    const start = open({ routerState: { copyKey: 'new:chosen-key-9999' }, stored });
    expect(start).toMatchObject({ copyKey: 'new:chosen-key-9999', checkServer: true, offer: null });
    const same = open({ routerState: { copyKey: 'new:other-key-0000' }, stored });
    expect(same.offer?.values.title).toBe('Other');
  });

  it('ignores router state that names no valid copy key', () => {
    expect(open({ routerState: { copyKey: 'post:abc' } }).copyKey).toBe('new:fresh-key-1234');
  });

  it('fills a new post from a template or the AI writers, and offers nothing', () => {
    const start = open({ prefill: { title: '[Topic] explained', tags: ['a'] }, stored: draft({ title: 'Old' }) });
    expect(start).toMatchObject({ prefilled: true, offer: null });
    expect(start.values).toMatchObject({ title: '[Topic] explained', tags: 'a' });
  });

  it('never applies a prefill to an existing post', () => {
    expect(open({ post, prefill: { title: 'Template' } })).toMatchObject({
      prefilled: false,
      values: valuesFromPost(post),
    });
  });
});

describe('offerWithServerCopy: the server copy is offered when it is newer', () => {
  const base = valuesFromPost(post);
  const local: Offer = {
    values: { ...base, title: 'Local' },
    at: '2026-02-01T10:00:00.000Z',
    baseVersion: 3,
    source: 'browser',
  };

  it('offers the server copy when it differs from the post and nothing is kept here', () => {
    const copy = testCopy({ fields: testFields({ title: 'Server' }), baseVersion: 2 });
    expect(offerWithServerCopy(null, copy, base)).toEqual({
      values: { ...base, title: 'Server' },
      at: copy.updatedAt,
      baseVersion: 2,
      source: 'server',
    });
  });

  it('keeps this browser’s offer when it is as new as the server’s (a tie goes to this browser)', () => {
    const copy = testCopy({ fields: testFields({ title: 'Server' }), updatedAt: '2026-02-01T10:00:00.000Z' });
    expect(offerWithServerCopy(local, copy, base)).toBe(local);
  });

  it('prefers a newer server copy to this browser’s offer', () => {
    const copy = testCopy({ fields: testFields({ title: 'Server' }), updatedAt: '2026-02-01T10:00:01.000Z' });
    expect(offerWithServerCopy(local, copy, base)?.source).toBe('server');
  });

  it('leaves the offer as it is when the server copy holds the post’s own words', () => {
    expect(offerWithServerCopy(local, testCopy(), base)).toBe(local);
    expect(offerWithServerCopy(null, testCopy(), base)).toBeNull();
  });

  it('offers a copy whose feature image differs from the post’s', () => {
    const copy = testCopy({ fields: testFields({ featureImage: { id: 12, focusX: 20, focusY: 80 } }) });
    expect(offerWithServerCopy(null, copy, base)?.values.featureImage).toEqual({ id: 12, focusX: 20, focusY: 80 });
  });

  it('keeps the post’s feature image when the copy does not record one', () => {
    const featured = valuesFromPost(testPost({ featureImage: { id: 12, focusX: 20, focusY: 80 } }));
    const { featureImage: _unrecorded, ...fields } = testFields();
    expect(offerWithServerCopy(null, testCopy({ fields }), featured)).toBeNull();
    const offer = offerWithServerCopy(null, testCopy({ fields: { ...fields, title: 'Server' } }), featured);
    expect(offer?.values).toMatchObject({ title: 'Server', featureImage: { id: 12, focusX: 20, focusY: 80 } });
  });
});

describe('the steps of the offer and of a restored revision', () => {
  const offer: Offer = {
    values: { title: 'Restored' },
    at: '2026-02-01T10:00:00.000Z',
    baseVersion: 2,
    source: 'server',
  };

  it('restore: the offered words, on their version, saved here and sent to the server copy', () => {
    expect(restoreOfferStep(offer)).toEqual({
      closeOffer: true,
      values: { title: 'Restored' },
      baseVersion: 2,
      draft: 'save',
      autosave: { changed: true },
    });
  });

  it('discard: dropped here and on the server; the copy is seen afresh', () => {
    expect(discardOfferStep()).toEqual({ closeOffer: true, draft: 'clear', deleteCopy: true, revision: 0 });
  });

  it('a post saved by restoring a revision becomes the editor’s words and base; the copies go', () => {
    const saved = testPost({ version: 5, title: 'From revision 1' });
    expect(savedPostStep(saved)).toEqual({
      values: valuesFromPost(saved),
      baseVersion: 5,
      current: saved,
      draft: 'clear',
      deleteCopy: true,
      revision: 0,
      autosave: { resume: { dirty: false } },
    });
  });
});

describe('the steps of the compare view', () => {
  it('keep mine over a post saved elsewhere: saved again on top of its version', () => {
    const theirs = testPost({ version: 4 });
    expect(keepMineStep({ kind: 'post', theirs })).toEqual({
      conflict: null,
      baseVersion: 4,
      current: theirs,
      submit: true,
    });
  });

  it('keep mine over another tab’s copy: written over it at once', () => {
    expect(keepMineStep({ kind: 'copy', theirs: testCopy({ revision: 9 }) })).toEqual({
      conflict: null,
      revision: 9,
      autosave: { resume: { dirty: true } },
    });
    expect(keepMineStep({ kind: 'copy', theirs: null })).toMatchObject({ revision: 0 });
  });

  it('take theirs from a post saved elsewhere: as a restored revision', () => {
    const theirs = testPost({ version: 4, title: 'Theirs' });
    expect(takeTheirsStep({ kind: 'post', theirs }, emptyValues())).toEqual({
      conflict: null,
      ...savedPostStep(theirs),
    });
  });

  it('take theirs from another tab: its fields over the editor’s, kept here, nothing left to send', () => {
    const theirs = testCopy({ fields: testFields({ title: 'Other tab' }), baseVersion: 2, revision: 6 });
    const mine = { ...valuesFromPost(post), provenance: 'ai-assisted' as const, title: 'Mine' };
    const step = takeTheirsStep({ kind: 'copy', theirs }, mine);
    expect(step).toMatchObject({
      conflict: null,
      baseVersion: 2,
      draft: 'save',
      revision: 6,
      autosave: { resume: { dirty: false } },
    });
    expect(step.values).toMatchObject({ title: 'Other tab' });
  });

  it('take theirs when the other tab removed the copy: only closes the compare view', () => {
    expect(takeTheirsStep({ kind: 'copy', theirs: null }, emptyValues())).toEqual({ conflict: null });
  });

  it('an autosave conflict with the same words settles at once, as saved', () => {
    const theirs = testCopy({ revision: 8 });
    expect(copyConflictStep(theirs, testFields())).toEqual({
      revision: 8,
      autosave: { resume: { dirty: false, saved: true } },
    });
  });

  it('an autosave conflict with other words (or a removed copy) opens the compare view', () => {
    const theirs = testCopy({ fields: testFields({ content: 'Other' }) });
    expect(copyConflictStep(theirs, testFields())).toEqual({ conflict: { kind: 'copy', theirs } });
    expect(copyConflictStep(null, testFields())).toEqual({ conflict: { kind: 'copy', theirs: null } });
  });
});

describe('sessionReducer', () => {
  const start = open({ post, stored: draft({ title: 'Kept' }) });
  const state = initialState(start, post);

  it('starts with the offer, checking the server copy, based on the post', () => {
    expect(state).toMatchObject({ checking: true, conflict: null, current: post });
    expect(state.offer?.values.title).toBe('Kept');
    expect(autosaveWaits(state)).toBe(true);
  });

  it('lets autosave go once the server copy was read and no offer is open', () => {
    const checked = sessionReducer({ ...state, offer: null }, { type: 'checked' });
    expect(checked.checking).toBe(false);
    expect(autosaveWaits(checked)).toBe(false);
  });

  it('takes a newer server copy as the offer, and stays the same state when nothing changes', () => {
    const base = valuesFromPost(post);
    const newer = testCopy({ fields: testFields({ title: 'Server' }), updatedAt: '2099-01-01T00:00:00.000Z' });
    expect(sessionReducer(state, { type: 'server-copy', copy: newer, base }).offer?.source).toBe('server');
    expect(sessionReducer(state, { type: 'server-copy', copy: testCopy(), base })).toBe(state);
  });

  it('closes the offer, opens and closes the compare view and moves the base as steps say', () => {
    const theirs = testPost({ version: 4 });
    const restored = sessionReducer(state, { type: 'step', step: restoreOfferStep(state.offer!) });
    expect(restored.offer).toBeNull();
    const conflicted = sessionReducer(restored, { type: 'step', step: { conflict: { kind: 'post', theirs } } });
    expect(conflicted.conflict).toEqual({ kind: 'post', theirs });
    const kept = sessionReducer(conflicted, { type: 'step', step: keepMineStep(conflicted.conflict!) });
    expect(kept).toMatchObject({ conflict: null, current: theirs });
    expect(sessionReducer(kept, { type: 'step', step: { revision: 2 } })).toBe(kept);
  });
});

import { describe, expect, it } from 'vitest';
import { testPost } from '../test-fixtures.ts';
import { applyStep, type StepDeps } from './apply-step.ts';
import { discardOfferStep, keepMineStep, restoreOfferStep, savedPostStep } from './editor-session.ts';

/** Deps that record each call, in order. */
function recorder() {
  const calls: string[] = [];
  const note =
    (name: string) =>
    (...args: unknown[]) =>
      void calls.push(args.length ? `${name} ${JSON.stringify(args[0])}` : name);
  const baseVersion = { current: 3 };
  const deps: StepDeps = {
    dispatch: note('dispatch') as StepDeps['dispatch'],
    replaceValues: note('values'),
    baseVersion,
    saveDraft: () => void calls.push(`saveDraft on ${baseVersion.current}`),
    clearDraft: note('clearDraft'),
    deleteCopy: note('deleteCopy'),
    autosave: { setRevision: note('revision'), changed: note('changed'), resume: note('resume') },
    submit: note('submit'),
  };
  return { deps, calls, baseVersion };
}

describe('applyStep', () => {
  it('restores an offer: values, then its version, then the draft written on that version, then autosave', () => {
    const { deps, calls, baseVersion } = recorder();
    const step = restoreOfferStep({
      values: { title: 'T' },
      at: '2026-02-01T10:00:00.000Z',
      baseVersion: 2,
      source: 'browser',
    });
    applyStep(deps, step);
    expect(calls).toEqual([
      `dispatch ${JSON.stringify({ type: 'step', step })}`,
      'values {"title":"T"}',
      'saveDraft on 2',
      'changed',
    ]);
    expect(baseVersion.current).toBe(2);
  });

  it('discards an offer: the draft and the server copy go, the revision starts over', () => {
    const { deps, calls } = recorder();
    applyStep(deps, discardOfferStep());
    expect(calls.slice(1)).toEqual(['clearDraft', 'deleteCopy', 'revision 0']);
  });

  it('takes a saved post: its words, its version, no copies, autosave goes on with nothing to send', () => {
    const { deps, calls, baseVersion } = recorder();
    applyStep(deps, savedPostStep(testPost({ version: 6 })));
    expect(calls.slice(2)).toEqual(['clearDraft', 'deleteCopy', 'revision 0', 'resume {"dirty":false}']);
    expect(baseVersion.current).toBe(6);
  });

  it('keeps mine over a saved post by saving on its version', () => {
    const { deps, calls, baseVersion } = recorder();
    applyStep(deps, keepMineStep({ kind: 'post', theirs: testPost({ version: 4 }) }));
    expect(calls.slice(1)).toEqual(['submit']);
    expect(baseVersion.current).toBe(4);
  });

  it('leaves the version alone when the step does not name one', () => {
    const { deps, baseVersion } = recorder();
    applyStep(deps, { revision: 2 });
    expect(baseVersion.current).toBe(3);
  });
});

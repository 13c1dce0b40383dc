import { describe, expect, it } from 'vitest';
import { formatDateTime } from 'content-schema/format';
import { fieldsOf } from '../copy-fields.ts';
import { testCopy, testPost } from '../test-fixtures.ts';
import type { Offer } from './editor-session.ts';
import { compareView, offerMessage } from './session-texts.ts';

describe('offerMessage', () => {
  const offer: Offer = { values: {}, at: '2026-02-01T10:00:00.000Z', baseVersion: 3, source: 'browser' };
  const when = formatDateTime(offer.at);

  it('says when and where the changes were kept', () => {
    expect(offerMessage(offer, testPost({ version: 3 }))).toBe(
      `You have unsaved changes from ${when}, kept in this browser. Restore them, or discard them and edit the saved post.`,
    );
    expect(offerMessage({ ...offer, source: 'server' }, null)).toContain(', autosaved to the server.');
  });

  it('warns that the post was saved since the changes were made', () => {
    expect(offerMessage(offer, testPost({ version: 4 }))).toBe(
      `You have unsaved changes from ${when}, kept in this browser. The post has been saved since they were made; saving them will let you compare first. Restore them, or discard them and edit the saved post.`,
    );
  });
});

describe('compareView', () => {
  it('compares with the post saved elsewhere, and keeping mine saves', () => {
    const theirs = testPost({ version: 4 });
    expect(compareView({ kind: 'post', theirs })).toEqual({
      message: 'This post was saved elsewhere (version 4) since you opened it. Nothing was overwritten.',
      theirs: { fields: fieldsOf(theirs), label: 'the saved post' },
      keepLabel: 'Keep mine and save',
    });
  });

  it('compares with the other tab’s copy', () => {
    const theirs = testCopy();
    expect(compareView({ kind: 'copy', theirs })).toEqual({
      message: 'Another tab saved changes to this post since this tab last autosaved. Nothing was overwritten.',
      theirs: { fields: theirs.fields, label: 'the other tab' },
      keepLabel: 'Keep mine',
    });
  });

  it('has nothing to compare (nor to take) when the other tab removed the copy', () => {
    expect(compareView({ kind: 'copy', theirs: null })).toEqual({
      message: 'The unsaved changes of this post were saved or discarded in another tab.',
      theirs: null,
      keepLabel: 'Keep mine',
    });
  });
});

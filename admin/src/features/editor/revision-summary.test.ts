import { describe, expect, it } from 'vitest';
import type { RevisionSummary } from 'content-schema/revisions';
import { revisionByline, revisionTitle } from './revision-summary.ts';

const revision: RevisionSummary = {
  id: 11,
  postId: 7,
  version: 3,
  kind: 'save',
  changed: ['title', 'content'],
  title: 'Nordic AI',
  savedBy: 'ada',
  createdAt: '2026-02-01T10:00:00.000Z',
};

describe('a revision in the list', () => {
  it('is headed by its version and what made it', () => {
    expect(revisionTitle(revision)).toBe('Version 3 · Saved');
    expect(revisionTitle({ ...revision, kind: 'create' })).toBe('Version 3 · Created');
    expect(revisionTitle({ ...revision, kind: 'restore' })).toBe('Version 3 · Restored');
  });

  it('names who saved it and the fields it changed, as the editor calls them', () => {
    expect(revisionByline(revision)).toBe('by ada · Changed: Title, Content');
  });

  it('names a changed feature image as the editor calls it', () => {
    expect(revisionByline({ ...revision, changed: ['featureImage', 'focusKeyword'] })).toBe(
      'by ada · Changed: Feature Image, Focus Keyword',
    );
  });

  it('says the system saved it (scheduler, automation) and when no field changed', () => {
    expect(revisionByline({ ...revision, savedBy: null, changed: [] })).toBe('by the system · No field changed');
  });
});

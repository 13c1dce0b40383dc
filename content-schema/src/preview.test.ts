import { describe, expect, it } from 'vitest';
import { PreviewFieldsSchema, PreviewLinkInputSchema, previewStatusAt } from './preview.ts';

describe('PreviewFieldsSchema (a working copy read for a preview)', () => {
  it('takes the fields a post could hold, with tags as the editor types them or as a list', () => {
    expect(
      PreviewFieldsSchema.parse({
        title: '  New title ',
        content: '## Body',
        tags: 'ai,  policy, ai, ',
        readTime: '7',
        category: 'Deep Dive',
        seoTitle: '',
        published: true,
        slug: 'ignored',
      }),
    ).toEqual({
      title: 'New title',
      content: '## Body',
      tags: ['ai', 'policy'],
      readTime: 7,
      category: 'Deep Dive',
      seoTitle: null,
      excerpt: undefined,
      authorName: undefined,
      metaDescription: undefined,
    });
    expect(PreviewFieldsSchema.parse({ tags: [' a ', 'b', ''] }).tags).toEqual(['a', 'b']);
  });

  it.each([
    ['a blank title', { title: '   ' }, 'title'],
    ['a number as title', { title: 42 }, 'title'],
    ['an unknown category', { category: 'Gossip' }, 'category'],
    ['a read time of 0', { readTime: 0 }, 'readTime'],
    ['21 tags', { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'tags'],
    ['an over-long title', { title: 'x'.repeat(201) }, 'title'],
  ])('drops %s (the post keeps its own)', (_name, fields, key) => {
    expect(PreviewFieldsSchema.parse(fields)[key as keyof typeof fields]).toBeUndefined();
  });

  it.each([null, 'text', 42, ['a'], undefined])('reads %j as no fields at all', (value) => {
    expect(Object.values(PreviewFieldsSchema.parse(value)).filter((v) => v !== undefined)).toEqual([]);
  });
});

describe('PreviewLinkInputSchema', () => {
  it('defaults to 7 days', () => {
    expect(PreviewLinkInputSchema.parse({})).toEqual({ amount: 7, unit: 'days' });
  });
  it.each([
    [{ amount: 1, unit: 'hours' }, true],
    [{ amount: 2160, unit: 'hours' }, true],
    [{ amount: 90, unit: 'days' }, true],
    [{ amount: 91, unit: 'days' }, false],
    [{ amount: 0, unit: 'hours' }, false],
    [{ amount: 2161, unit: 'hours' }, false],
  ])('%j valid: %s', (input, ok) => {
    expect(PreviewLinkInputSchema.safeParse(input).success).toBe(ok);
  });
});

describe('previewStatusAt', () => {
  const now = new Date('2026-06-01T10:00:00Z');
  it.each([
    [{ revokedAt: null, expiresAt: '2026-06-01T10:00:01Z' }, 'active'],
    [{ revokedAt: null, expiresAt: '2026-06-01T10:00:00Z' }, 'expired'],
    [{ revokedAt: '2026-05-01T00:00:00Z', expiresAt: '2026-07-01T00:00:00Z' }, 'revoked'],
    [{ revokedAt: '2026-05-01T00:00:00Z', expiresAt: '2026-05-02T00:00:00Z' }, 'revoked'],
  ])('%j is %s', (link, status) => {
    expect(previewStatusAt(link, now)).toBe(status);
  });
});

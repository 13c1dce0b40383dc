import { describe, expect, it } from 'vitest';
import { cardFromMeta, searchTerm, visibleResults } from './pagefind.ts';

const hit = (id: string, bundle: string) => ({ id, data: async () => ({ meta: { bundle } }) });

describe('visibleResults', () => {
  const manifest = {
    bundles: [
      { key: 'r', path: 'b/r-1/', hide: ['en_sentinel'] },
      { key: 's0', path: 'b/s0-1/', hide: ['en_stale', 'en_twice'] },
      { key: 'd', path: 'b/d-1/', hide: [] },
    ],
    ambiguous: ['en_twice'],
  };

  it('drops hidden ids and keeps the order of the rest', async () => {
    const results = [hit('en_a', 's0'), hit('en_stale', 's0'), hit('en_b', 'd'), hit('en_sentinel', 'r')];
    expect((await visibleResults(manifest, results)).map((r) => r.id)).toEqual(['en_a', 'en_b']);
  });

  it('for an id hidden in one bundle and live in another, asks the hit which bundle it is from', async () => {
    const results = [hit('en_twice', 'd'), hit('en_twice', 's0')];
    const visible = await visibleResults(manifest, results);
    expect(visible).toHaveLength(1);
    expect(visible[0]).toBe(results[0]);
  });
});

describe('searchTerm', () => {
  it('drops function words unless nothing else is left, and leaves quoted phrases alone', () => {
    expect(searchTerm('battery storage in the Nordics')).toBe('battery storage Nordics');
    expect(searchTerm('  The  ')).toBe('The');
    expect(searchTerm('"state of the art"')).toBe('"state of the art"');
    expect(searchTerm('hydrogen')).toBe('hydrogen');
  });
});

describe('search metadata', () => {
  it('parses a card and rejects anything else', () => {
    const card = {
      slug: 's',
      title: 't',
      excerpt: 'e',
      category: 'c',
      readTime: 1,
      authorName: 'a',
      createdAt: 'd',
      tags: [],
    };
    expect(cardFromMeta({ card: JSON.stringify(card) })).toEqual(card);
    expect(cardFromMeta({ card: '{' })).toBeNull();
    expect(cardFromMeta({})).toBeNull();
  });
});

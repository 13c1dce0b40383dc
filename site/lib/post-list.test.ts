import { describe, expect, it } from 'vitest';
import type { PostSummary } from 'content-schema/post';
import {
  chunkPath,
  compareNewestFirst,
  isListingChunk,
  listingKey,
  matchesTerm,
  relatedPosts,
  sortNewestFirst,
  toCard,
  toChunks,
  type PostCard,
} from './post-list.ts';
import { isPostCard } from './post-card.ts';

function post(id: number, overrides: Partial<PostSummary> = {}): PostSummary {
  return {
    id,
    slug: `post-${id}`,
    title: `Title ${id}`,
    excerpt: `Excerpt ${id}`,
    category: 'Deep Dive',
    tags: ['a', 'b', 'c', 'd'],
    authorName: 'Ingrid Solvik',
    authorId: 1,
    readTime: 5,
    published: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    publishedAt: null,
    seoTitle: null,
    metaDescription: null,
    focusKeyword: null,
    aiGenerated: false,
    ...overrides,
  };
}

describe('ordering', () => {
  it('puts the latest publication first, falling back to the creation date', () => {
    const a = post(1, { publishedAt: '2026-03-01T00:00:00Z' });
    const b = post(2, { createdAt: '2026-04-01T00:00:00Z' });
    const c = post(3, { publishedAt: '2026-02-01T00:00:00Z', createdAt: '2026-05-01T00:00:00Z' });
    expect(sortNewestFirst([a, b, c]).map((p) => p.id)).toEqual([2, 1, 3]);
  });

  it('breaks ties by the higher id', () => {
    expect(compareNewestFirst(post(1), post(2))).toBeGreaterThan(0);
  });
});

describe('relatedPosts', () => {
  it('returns at most three other posts of the same category, in list order', () => {
    const list = [post(1), post(2, { category: 'Deal Watch' }), post(3), post(4), post(5), post(6)];
    expect(relatedPosts(list, list[0]!).map((p) => p.id)).toEqual([3, 4, 5]);
  });

  it('is empty when the category has no other post', () => {
    const list = [post(1), post(2, { category: 'Deal Watch' })];
    expect(relatedPosts(list, list[1]!)).toEqual([]);
  });
});

describe('cards and chunks', () => {
  it('keeps at most three tags on a card', () => {
    expect(toCard(post(1)).tags).toEqual(['a', 'b', 'c']);
  });

  it('splits a listing into chunks of 24 and always yields at least one', () => {
    const cards = Array.from({ length: 50 }, (_, i) => toCard(post(i + 1)));
    const chunks = toChunks('all', cards);
    expect(chunks.map((c) => c.posts.length)).toEqual([24, 24, 2]);
    expect(chunks.every((c) => c.pages === 3 && c.total === 50)).toBe(true);
    expect(toChunks('energy-future', [])).toEqual([{ key: 'energy-future', page: 0, pages: 1, total: 0, posts: [] }]);
  });

  it.each([
    ['', 'all'],
    ['Deal Watch', 'deal-watch'],
    ['Energy Future', 'energy-future'],
    ['All', 'category-all'],
  ])('listing key of %j is %j', (category, key) => {
    expect(listingKey(category)).toBe(key);
  });

  it('builds chunk paths', () => {
    expect(chunkPath('deep-dive', 2)).toBe('/data/posts/deep-dive/2.json');
  });
});

describe('matchesTerm (spec §5: case-insensitive substring on title or excerpt)', () => {
  const card = { title: 'Zero-knowledge proofs', excerpt: 'Europe’s identity WALLET' };
  it.each([
    ['', true],
    ['  ', true],
    ['KNOWLEDGE', true],
    ['nowled', true],
    ['wallet', true],
    [' wallet ', true],
    ['blockchain', false],
  ])('%j → %s', (term, expected) => {
    expect(matchesTerm(card, term)).toBe(expected);
  });
});

describe('guards for untrusted data', () => {
  const card: PostCard = toCard(post(1));
  it('accepts cards and chunks of the right shape', () => {
    expect(isPostCard(card)).toBe(true);
    expect(isListingChunk({ key: 'all', page: 0, pages: 1, total: 1, posts: [card] })).toBe(true);
  });
  it.each([null, 'x', { ...card, readTime: '5' }, { ...card, tags: [1] }, { slug: 'x' }])('rejects %j', (value) => {
    expect(isPostCard(value)).toBe(false);
  });
  it('rejects a chunk holding a malformed card', () => {
    expect(isListingChunk({ key: 'all', page: 0, pages: 1, total: 1, posts: [{}] })).toBe(false);
  });
});

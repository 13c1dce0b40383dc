import { describe, expect, it } from 'vitest';
import type { SiteSummary } from 'content-schema/site-feed';
import {
  CHUNK_MAX,
  chunkPath,
  compareNewestFirst,
  headPath,
  isListingChunk,
  isListingHead,
  listingKey,
  matchesTerm,
  relatedPosts,
  sortNewestFirst,
  toCard,
  toListing,
  type Listing,
  type PostCard,
} from './post-list.ts';
import { isPostCard } from './post-card.ts';
import { siteSummary } from '../build/test-posts.ts';

const post = (id: number, overrides: Partial<SiteSummary> = {}): SiteSummary =>
  siteSummary(id, { tags: ['a', 'b', 'c', 'd'], ...overrides });

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

  it('an empty listing has an empty head and no chunks', () => {
    expect(toListing('energy-future', [])).toEqual({
      head: { key: 'energy-future', total: 0, posts: [], next: null },
      chunks: [],
    });
  });
  it.each([
    ['', 'all'],
    ['Deal Watch', 'deal-watch'],
    ['Energy Future', 'energy-future'],
    ['All', 'category-all'],
  ])('listing key of %j is %j', (category, key) => {
    expect(listingKey(category)).toBe(key);
  });

  it('builds head and chunk paths', () => {
    expect(headPath('deep-dive')).toBe('/data/posts/deep-dive/head.json');
    expect(chunkPath('deep-dive', '17')).toBe('/data/posts/deep-dive/17.json');
  });
});

describe('toListing (content-defined load-more chunks)', () => {
  /** n posts, newest first, ids 1..n in publication order. */
  const archive = (n: number) =>
    sortNewestFirst(
      Array.from({ length: n }, (_, i) =>
        post(i + 1, { createdAt: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString() }),
      ),
    );
  /** What a reader gets by loading the head and then following every chunk link. */
  function walk(listing: Listing): string[] {
    const byName = new Map(listing.chunks.map((c) => [c.chunk, c]));
    const slugs = listing.head.posts.map((p) => p.slug);
    let cursor = listing.head.next;
    while (cursor) {
      const chunk = byName.get(cursor.chunk)!;
      slugs.push(...chunk.posts.slice(cursor.skip).map((p) => p.slug));
      cursor = chunk.next ? { chunk: chunk.next, skip: 0 } : null;
    }
    return slugs;
  }
  const signatures = (listing: Listing) => new Set(listing.chunks.map((c) => JSON.stringify(c)));

  it('the head shows the newest 24; following the chunks yields every other post once, newest first', () => {
    const posts = archive(500);
    const listing = toListing('all', posts);
    expect(listing.head.total).toBe(500);
    expect(listing.head.posts.map((p) => p.slug)).toEqual(posts.slice(0, 24).map((p) => p.slug));
    expect(walk(listing)).toEqual(posts.map((p) => p.slug));
    expect(listing.chunks.every((c) => c.posts.length >= 1 && c.posts.length <= CHUNK_MAX)).toBe(true);
    expect(listing.chunks.length).toBeGreaterThan(500 / CHUNK_MAX);
    expect(isListingHead(JSON.parse(JSON.stringify(listing.head)))).toBe(true);
  });

  it('a new post changes only the newest chunk, whatever the archive size', () => {
    for (const n of [100, 2000]) {
      const before = toListing('all', archive(n));
      const after = toListing('all', archive(n + 1));
      const changed = [...signatures(after)].filter((c) => !signatures(before).has(c));
      expect(changed.length, `archive of ${n}`).toBeLessThanOrEqual(2);
      expect(walk(after)).toHaveLength(n + 1);
    }
  });

  it('removing a post changes its own chunk and at most the few up to the next boundary', () => {
    const posts = archive(2000);
    const before = signatures(toListing('all', posts));
    let worst = 0;
    for (let k = 0; k < 60; k++) {
      const victim = 1 + ((k * 613) % 2000);
      const after = toListing(
        'all',
        posts.filter((p) => p.id !== victim),
      );
      const changed = [...signatures({ head: after.head, chunks: after.chunks } as Listing)].filter(
        (c) => !before.has(c),
      );
      worst = Math.max(worst, changed.length);
      expect(walk(after)).toHaveLength(1999);
    }
    expect(worst).toBeLessThanOrEqual(4);
  });
});

describe('matchesTerm (case-insensitive substring on title or excerpt)', () => {
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
    expect(isListingChunk({ key: 'all', chunk: '7', next: null, posts: [card] })).toBe(true);
    expect(isListingHead({ key: 'all', total: 30, posts: [card], next: { chunk: '7', skip: 2 } })).toBe(true);
  });
  it.each([null, 'x', { ...card, readTime: '5' }, { ...card, tags: [1] }, { slug: 'x' }])('rejects %j', (value) => {
    expect(isPostCard(value)).toBe(false);
  });
  it('rejects a chunk holding a malformed card', () => {
    expect(isListingChunk({ key: 'all', chunk: '7', next: null, posts: [{}] })).toBe(false);
    expect(isListingHead({ key: 'all', total: 1, posts: [card], next: { chunk: 7 } })).toBe(false);
  });
});

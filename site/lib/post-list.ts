/**
 * Pure list logic shared by pages, endpoints and islands: ordering, related posts, listing chunks,
 * and the small card shape that listings ship to the browser.
 */
import type { PostSummary } from 'content-schema/post';
import { CARD_TAGS_MAX, LISTING_PAGE_SIZE, RELATED_POSTS_MAX } from 'content-schema/site';

import { isPostCard, type PostCard } from './post-card.ts';

export type { PostCard };

/** One page of a listing as served from `/data/posts/{key}/{page}.json`. */
export interface ListingChunk {
  key: string;
  page: number;
  pages: number;
  total: number;
  posts: PostCard[];
}

/** The listing key for "all posts". */
export const ALL_KEY = 'all';

/** Publication instant used for ordering: when it went live, else when it was written. */
export function publicationDate(post: Pick<PostSummary, 'publishedAt' | 'createdAt'>): string {
  return post.publishedAt ?? post.createdAt;
}

type Dated = Pick<PostSummary, 'id' | 'publishedAt' | 'createdAt'>;

/** Comparator for newest first, as the API answers lists; ties are broken by the higher id. */
export function compareNewestFirst(a: Dated, b: Dated): number {
  const diff = Date.parse(publicationDate(b)) - Date.parse(publicationDate(a));
  return diff !== 0 && !Number.isNaN(diff) ? diff : b.id - a.id;
}

/** A new array, newest first. */
export function sortNewestFirst<T extends Dated>(posts: readonly T[]): T[] {
  return [...posts].sort(compareNewestFirst);
}

/** Up to three other posts of the same category, newest first (spec §2 'Related Research'). */
export function relatedPosts<T extends Pick<PostSummary, 'id' | 'category'>>(
  newestFirst: readonly T[],
  post: T,
  max: number = RELATED_POSTS_MAX,
): T[] {
  return newestFirst.filter((p) => p.category === post.category && p.id !== post.id).slice(0, max);
}

/** The card fields of a post, with at most three tags. */
export function toCard(post: PostSummary): PostCard {
  return {
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    category: post.category,
    readTime: post.readTime,
    authorName: post.authorName,
    createdAt: post.createdAt,
    tags: post.tags.slice(0, CARD_TAGS_MAX),
  };
}

/** URL-safe key of a category ('Deal Watch' → 'deal-watch'); '' (all posts) → 'all'. */
export function listingKey(category: string): string {
  if (!category) return ALL_KEY;
  const key = category
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  // 'all' is taken by the unfiltered listing.
  return key && key !== ALL_KEY ? key : `category-${key || 'none'}`;
}

/** Path of one listing chunk. */
export function chunkPath(key: string, page: number): string {
  return `/data/posts/${key}/${page}.json`;
}

/** Split a listing into chunks of 24 (the first is what the page itself shows). Empty lists give one empty chunk. */
export function toChunks(key: string, cards: readonly PostCard[], size: number = LISTING_PAGE_SIZE): ListingChunk[] {
  const pages = Math.max(1, Math.ceil(cards.length / size));
  return Array.from({ length: pages }, (_, page) => ({
    key,
    page,
    pages,
    total: cards.length,
    posts: cards.slice(page * size, (page + 1) * size),
  }));
}

/** Case-insensitive substring match on title or excerpt (spec §2, §5); an empty term matches everything. */
export function matchesTerm(post: Pick<PostCard, 'title' | 'excerpt'>, term: string): boolean {
  const needle = term.trim().toLocaleLowerCase();
  if (!needle) return true;
  return post.title.toLocaleLowerCase().includes(needle) || post.excerpt.toLocaleLowerCase().includes(needle);
}

/** Whether fetched JSON is a listing chunk. */
export function isListingChunk(value: unknown): value is ListingChunk {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.key === 'string' &&
    typeof v.page === 'number' &&
    typeof v.pages === 'number' &&
    typeof v.total === 'number' &&
    Array.isArray(v.posts) &&
    v.posts.every(isPostCard)
  );
}

/**
 * Pure list logic shared by pages, endpoints and islands: ordering, related posts, listing chunks,
 * and the small card shape that listings ship to the browser.
 */
import type { PostSummary } from 'content-schema/post';
import type { SiteFeatureImage, SiteSummary } from 'content-schema/site-feed';
import { CARD_TAGS_MAX, LISTING_PAGE_SIZE, RELATED_POSTS_MAX } from 'content-schema/site';

import { isPostCard, type PostCard } from './post-card.ts';
import { CARD_MAX_WIDTH, pictureSourceOf } from './picture.ts';

export type { PostCard };

/**
 * The top of a listing, served as `/data/posts/{key}/head.json`: the newest 24 cards (what the page itself
 * shows), how many posts the listing has, and where "load more" continues.
 */
export interface ListingHead {
  key: string;
  total: number;
  posts: PostCard[];
  /** The chunk holding the next older post, and how many of its (newer) posts the head already shows. */
  next: { chunk: string; skip: number } | null;
}

/** One chunk of a listing, `/data/posts/{key}/{chunk}.json`: cards newest first and the next older chunk. */
export interface ListingChunk {
  key: string;
  chunk: string;
  posts: PostCard[];
  next: string | null;
}

/** A whole listing: its head and every chunk, newest chunk first. */
export interface Listing {
  head: ListingHead;
  chunks: ListingChunk[];
}

/** The listing key for "all posts". */
export const ALL_KEY = 'all';

/** Publication instant used for ordering: when it went live, else when it was written. */
export function publicationDate(post: Pick<PostSummary, 'publishedAt' | 'createdAt'>): string {
  return post.publishedAt ?? post.createdAt;
}

/**
 * When the article last really changed, as readers are told (article:modified_time, dateModified, feeds,
 * sitemaps): its visible "Updated" time, else its publication.
 */
export function modifiedTime(
  post: Pick<PostSummary, 'publishedAt' | 'createdAt'> & { modifiedAt?: string | null },
): string {
  return post.modifiedAt ?? publicationDate(post);
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

/** Up to three other posts of the same category, newest first (an article's 'Related Research'). */
export function relatedPosts<T extends Pick<PostSummary, 'id' | 'category'>>(
  newestFirst: readonly T[],
  post: T,
  max: number = RELATED_POSTS_MAX,
): T[] {
  return newestFirst.filter((p) => p.category === post.category && p.id !== post.id).slice(0, max);
}

/** The card fields of a post, with at most three tags. */
export function toCard(post: Omit<PostSummary, 'featureImage'> & { featureImage?: SiteFeatureImage | null }): PostCard {
  const image = post.featureImage ? { image: pictureSourceOf(post.featureImage, CARD_MAX_WIDTH) } : {};
  return {
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    category: post.category,
    readTime: post.readTime,
    authorName: post.authorName,
    createdAt: post.createdAt,
    tags: post.tags.slice(0, CARD_TAGS_MAX),
    ...image,
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

/** Path of a listing's head. */
export function headPath(key: string): string {
  return `/data/posts/${key}/head.json`;
}

/** Path of one listing chunk. */
export function chunkPath(key: string, chunk: string): string {
  return `/data/posts/${key}/${chunk}.json`;
}

/** A chunk never grows past this, so a long run without a natural boundary still loads in small steps. */
export const CHUNK_MAX = 64;

/** 32-bit FNV-1a of a post id: spreads boundaries evenly whatever the ids are. */
function idHash(id: number): number {
  let h = 0x811c9dc5;
  for (const ch of String(id)) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Splits a listing into chunks whose edges depend on the posts themselves, not on their positions
 * (content-defined chunking): walking from the oldest post, a chunk ends after a post whose id hashes to a
 * boundary (one in `size`, so chunks average `size` posts) or when it reaches CHUNK_MAX. A chunk is named by
 * its oldest post's id. So a new post changes only the newest chunk, and removing or editing a post changes
 * its own chunk and at most the few up to the next natural boundary: publishing costs the same at any
 * archive size, and the output depends only on the current posts (an incremental build equals a full one).
 */
export function toListing<T extends SiteSummary>(
  key: string,
  newestFirst: readonly T[],
  size: number = LISTING_PAGE_SIZE,
): Listing {
  const groups: T[][] = [];
  let current: T[] = [];
  for (let i = newestFirst.length - 1; i >= 0; i--) {
    const post = newestFirst[i]!;
    current.push(post);
    if (idHash(post.id) % size === 0 || current.length === CHUNK_MAX) {
      groups.push(current);
      current = [];
    }
  }
  if (current.length > 0) groups.push(current);
  // groups run oldest → newest, each oldest first; chunks are served newest first.
  const chunks: ListingChunk[] = [];
  const chunkOf = new Map<number, { chunk: string; index: number }>();
  for (let g = groups.length - 1; g >= 0; g--) {
    const members = groups[g]!;
    const name = String(members[0]!.id);
    const newest = [...members].reverse();
    newest.forEach((p, index) => chunkOf.set(p.id, { chunk: name, index }));
    chunks.push({ key, chunk: name, posts: newest.map(toCard), next: g > 0 ? String(groups[g - 1]![0]!.id) : null });
  }
  const after = newestFirst[size];
  const at = after ? chunkOf.get(after.id)! : null;
  return {
    head: {
      key,
      total: newestFirst.length,
      posts: newestFirst.slice(0, size).map(toCard),
      next: at ? { chunk: at.chunk, skip: at.index } : null,
    },
    chunks,
  };
}

/** Case-insensitive substring match on title or excerpt; an empty term matches everything. */
export function matchesTerm(post: Pick<PostCard, 'title' | 'excerpt'>, term: string): boolean {
  const needle = term.trim().toLocaleLowerCase();
  if (!needle) return true;
  return post.title.toLocaleLowerCase().includes(needle) || post.excerpt.toLocaleLowerCase().includes(needle);
}

/** Whether fetched JSON is a listing head. */
export function isListingHead(value: unknown): value is ListingHead {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const next = v.next as Record<string, unknown> | null | undefined;
  return (
    typeof v.key === 'string' &&
    typeof v.total === 'number' &&
    Array.isArray(v.posts) &&
    v.posts.every(isPostCard) &&
    (next === null || (typeof next === 'object' && typeof next.chunk === 'string' && typeof next.skip === 'number'))
  );
}

/** Whether fetched JSON is a listing chunk. */
export function isListingChunk(value: unknown): value is ListingChunk {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.key === 'string' &&
    typeof v.chunk === 'string' &&
    (v.next === null || typeof v.next === 'string') &&
    Array.isArray(v.posts) &&
    v.posts.every(isPostCard)
  );
}

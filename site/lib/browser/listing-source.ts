/**
 * Listing data for the home and category pages in the browser. Without a search term a listing starts from its
 * head (the newest 24) and follows the pre-built JSON chunks (newest first) for more. With a term it combines the
 * case-insensitive substring match on title and excerpt (over the newest chunk of the listing) with
 * pagefind's full-text hits (title, excerpt and body), which load 24 at a time.
 */
import { LISTING_PAGE_SIZE } from 'content-schema/site';
import { searchArticles, type SearchHits } from './pagefind.ts';
import {
  chunkPath,
  headPath,
  isListingChunk,
  isListingHead,
  listingKey,
  matchesTerm,
  type ListingChunk,
  type ListingHead,
  type PostCard,
} from '../shared/post-list.ts';

/** Posts of a listing or a search so far, and how to load more. */
export interface ListingResult {
  posts: PostCard[];
  hasMore: boolean;
  /** The next posts; calling it again continues after them. */
  more: () => Promise<{ posts: PostCard[]; hasMore: boolean }>;
}

/** Fetched JSON of the given shape, or null (network failure, or a file a newer publish replaced). */
async function fetchJson<T>(url: string, is: (value: unknown) => value is T): Promise<T | null> {
  try {
    const res = await fetch(url);
    const body: unknown = res.ok ? await res.json() : null;
    return is(body) ? body : null;
  } catch {
    return null;
  }
}

/** A listing's head; a missing one (a category with no posts) is an empty listing. */
async function fetchHead(key: string): Promise<ListingHead> {
  return (await fetchJson(headPath(key), isListingHead)) ?? { key, total: 0, posts: [], next: null };
}

/**
 * Up to `want` more posts starting at `cursor`, following chunk links; chunks vary in size, so this may
 * read several. Listing pages have no error state: a chunk that cannot be read ends the list.
 */
async function readChunks(
  key: string,
  cursor: ListingHead['next'],
  want: number,
): Promise<{ posts: PostCard[]; cursor: ListingHead['next'] }> {
  const posts: PostCard[] = [];
  while (cursor && posts.length < want) {
    const chunk: ListingChunk | null = await fetchJson(chunkPath(key, cursor.chunk), isListingChunk);
    if (!chunk) return { posts, cursor: null };
    posts.push(...chunk.posts.slice(cursor.skip));
    cursor = chunk.next ? { chunk: chunk.next, skip: 0 } : null;
  }
  return { posts, cursor };
}

/** Posts with each slug once, first occurrence kept. */
export function dedupe(posts: readonly PostCard[]): PostCard[] {
  const seen = new Set<string>();
  return posts.filter((p) => {
    if (seen.has(p.slug)) return false;
    seen.add(p.slug);
    return true;
  });
}

const NOTHING_MORE = async () => ({ posts: [], hasMore: false });

/**
 * The posts of `category` ('' = all) matching `term` ('' = every post). `initial` is the head the page was built
 * with, for `initialCategory`; it is used instead of fetching that listing again.
 */
export async function openListing(
  initial: ListingHead,
  initialCategory: string,
  category: string,
  term: string,
): Promise<ListingResult> {
  const key = listingKey(category);
  const first = category === initialCategory ? initial : await fetchHead(key);
  if (!term) {
    let cursor = first.next;
    return {
      posts: first.posts,
      hasMore: cursor !== null,
      more: async () => {
        const next = await readChunks(key, cursor, LISTING_PAGE_SIZE);
        cursor = next.cursor;
        return { posts: next.posts, hasMore: cursor !== null };
      },
    };
  }
  const substring = first.posts.filter((p) => matchesTerm(p, term));
  const hits: SearchHits | null = await searchArticles(term, category).catch(() => null);
  if (!hits) return { posts: substring, hasMore: false, more: NOTHING_MORE };
  let loaded = LISTING_PAGE_SIZE;
  const firstHits = await hits.cards(0, loaded);
  return {
    posts: dedupe([...substring, ...firstHits]),
    hasMore: loaded < hits.total,
    more: async () => {
      const next = await hits.cards(loaded, LISTING_PAGE_SIZE);
      loaded += LISTING_PAGE_SIZE;
      return { posts: next, hasMore: loaded < hits.total };
    },
  };
}

/**
 * Listing data for the home and category islands. Without a search term it starts from the listing's
 * head (the newest 24) and follows the pre-built JSON chunks (newest first) for more. With a term it combines the spec's
 * case-insensitive substring match on title and excerpt (over the newest chunk of the listing)
 * with pagefind's full-text hits (title, excerpt and body), which load 24 at a time.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { LISTING_PAGE_SIZE } from 'content-schema/site';
import { searchArticles, type SearchHits } from '../lib/pagefind.ts';
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
} from '../lib/post-list.ts';

export type ListingStatus = 'loading' | 'ready';

export interface Listing {
  status: ListingStatus;
  posts: PostCard[];
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
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

/** A listing's head; a missing one (a category with no posts) is an empty listing, as spec §2 asks. */
async function fetchHead(key: string): Promise<ListingHead> {
  return (await fetchJson(headPath(key), isListingHead)) ?? { key, total: 0, posts: [], next: null };
}

/**
 * Up to `want` more posts starting at `cursor`, following chunk links; chunks vary in size, so this may
 * read several. Listing pages have no error state (spec §2): a chunk that cannot be read ends the list.
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

function dedupe(posts: PostCard[]): PostCard[] {
  const seen = new Set<string>();
  return posts.filter((p) => {
    if (seen.has(p.slug)) return false;
    seen.add(p.slug);
    return true;
  });
}

interface Options {
  /** The listing head the page was built with, and the category it belongs to ('' = all). */
  initial: ListingHead;
  initialCategory: string;
  category: string;
  term: string;
  /** False until the island has read the address, so the server markup stays until then. */
  enabled: boolean;
}

export function useListing({ initial, initialCategory, category, term, enabled }: Options): Listing {
  const [status, setStatus] = useState<ListingStatus>('ready');
  const [posts, setPosts] = useState<PostCard[]>(initial.posts);
  const [hasMore, setHasMore] = useState(initial.next !== null);
  const [loadingMore, setLoadingMore] = useState(false);
  const request = useRef(0);
  const more = useRef<() => Promise<{ posts: PostCard[]; hasMore: boolean }>>(async () => ({
    posts: [],
    hasMore: false,
  }));

  useEffect(() => {
    if (!enabled) return;
    const id = ++request.current;
    const current = () => id === request.current;
    const key = listingKey(category);

    const run = async () => {
      const first = category === initialCategory ? initial : await fetchHead(key);
      if (!term) {
        let cursor = first.next;
        more.current = async () => {
          const next = await readChunks(key, cursor, LISTING_PAGE_SIZE);
          cursor = next.cursor;
          return { posts: next.posts, hasMore: cursor !== null };
        };
        return { posts: first.posts, hasMore: cursor !== null };
      }
      const substring = first.posts.filter((p) => matchesTerm(p, term));
      const hits: SearchHits | null = await searchArticles(term, category).catch(() => null);
      if (!hits) return { posts: substring, hasMore: false };
      let loaded = LISTING_PAGE_SIZE;
      const firstHits = await hits.cards(0, loaded);
      more.current = async () => {
        const next = await hits.cards(loaded, LISTING_PAGE_SIZE);
        loaded += LISTING_PAGE_SIZE;
        return { posts: next, hasMore: loaded < hits.total };
      };
      return { posts: dedupe([...substring, ...firstHits]), hasMore: loaded < hits.total };
    };

    const unchanged = !term && category === initialCategory;
    setLoadingMore(false);
    if (!unchanged) setStatus('loading');
    void run().then((result) => {
      if (!current()) return;
      setPosts(result.posts);
      setHasMore(result.hasMore);
      setStatus('ready');
    });
  }, [enabled, category, term, initial, initialCategory]);

  const loadMore = useCallback(() => {
    const id = request.current;
    setLoadingMore(true);
    void more.current().then((result) => {
      if (id !== request.current) return;
      setPosts((prev) => dedupe([...prev, ...result.posts]));
      setHasMore(result.hasMore);
      setLoadingMore(false);
    });
  }, []);

  return { status, posts, hasMore, loadingMore, loadMore };
}

/** The listing parameters from the address, re-read on back/forward (spec §2). */
export function useAddress<T>(
  read: (query: string) => T,
): [T | null, (href: string, mode: 'push' | 'replace') => void] {
  const [value, setValue] = useState<T | null>(null);
  const readRef = useRef(read);
  useEffect(() => {
    const sync = () => setValue(readRef.current(window.location.search));
    sync();
    window.addEventListener('popstate', sync);
    return () => window.removeEventListener('popstate', sync);
  }, []);
  const navigate = useCallback((href: string, mode: 'push' | 'replace') => {
    if (mode === 'push') window.history.pushState(null, '', href);
    else window.history.replaceState(null, '', href);
    setValue(readRef.current(window.location.search));
  }, []);
  return [value, navigate];
}

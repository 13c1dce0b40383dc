/**
 * Listing data for the home and category islands. Without a search term it pages through the
 * pre-built JSON chunks (24 posts each, newest first). With a term it combines the spec's
 * case-insensitive substring match on title and excerpt (over the newest chunk of the listing)
 * with pagefind's full-text hits (title, excerpt and body), which load 24 at a time.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { LISTING_PAGE_SIZE } from 'content-schema/site';
import { searchArticles, type SearchHits } from '../lib/pagefind.ts';
import {
  chunkPath,
  isListingChunk,
  listingKey,
  matchesTerm,
  type ListingChunk,
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

/** A chunk of a listing; a missing chunk (a category with no posts) is an empty listing, as spec §2 asks. */
async function fetchChunk(key: string, page: number): Promise<ListingChunk> {
  try {
    const res = await fetch(chunkPath(key, page));
    const body: unknown = res.ok ? await res.json() : null;
    if (isListingChunk(body)) return body;
  } catch {
    // Network failure: listing pages have no error state (spec §2), so it reads as empty.
  }
  return { key, page, pages: 1, total: 0, posts: [] };
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
  /** The chunk the page was built with, and the category it belongs to ('' = all). */
  initial: ListingChunk;
  initialCategory: string;
  category: string;
  term: string;
  /** False until the island has read the address, so the server markup stays until then. */
  enabled: boolean;
}

export function useListing({ initial, initialCategory, category, term, enabled }: Options): Listing {
  const [status, setStatus] = useState<ListingStatus>('ready');
  const [posts, setPosts] = useState<PostCard[]>(initial.posts);
  const [hasMore, setHasMore] = useState(initial.pages > 1);
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
      const first = category === initialCategory ? initial : await fetchChunk(key, 0);
      if (!term) {
        let page = first.page;
        more.current = async () => {
          const next = await fetchChunk(key, ++page);
          return { posts: next.posts, hasMore: page + 1 < next.pages };
        };
        return { posts: first.posts, hasMore: first.pages > 1 };
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

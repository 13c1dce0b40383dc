/**
 * The browser side of full-text search: loads the pagefind index that the build step writes to
 * /pagefind/ (only when a reader searches) and turns hits into post cards from the metadata each
 * article page carries (`data-pagefind-meta="card[data-card]"`).
 */
import { isPostCard, type PostCard } from './post-card.ts';

interface PagefindResultData {
  url: string;
  meta: Record<string, string | undefined>;
}
interface PagefindResult {
  id: string;
  data: () => Promise<PagefindResultData>;
}
interface PagefindApi {
  init?: () => Promise<void>;
  search: (
    term: string,
    options?: { filters?: Record<string, string> },
  ) => Promise<{ results: PagefindResult[] } | null>;
}

/** Hits of one search, with their cards loaded on demand. */
export interface SearchHits {
  total: number;
  /** Load cards for hits [from, from + count). */
  cards: (from: number, count: number) => Promise<PostCard[]>;
}

const PAGEFIND_URL = '/pagefind/pagefind.js';
let loading: Promise<PagefindApi | null> | undefined;

/** The pagefind API, or null when there is no index (a build without the pagefind step). */
export function loadPagefind(url: string = PAGEFIND_URL): Promise<PagefindApi | null> {
  loading ??= import(/* @vite-ignore */ url).then(
    async (api: PagefindApi) => {
      await api.init?.();
      return api;
    },
    () => null,
  );
  return loading;
}

/** Parse a hit's card metadata; hits without a valid card (not an article page) are skipped. */
export function cardFromMeta(meta: Record<string, string | undefined>): PostCard | null {
  try {
    const card: unknown = JSON.parse(meta.card ?? '');
    return isPostCard(card) ? card : null;
  } catch {
    return null;
  }
}

/** Full-text search over article pages, optionally within one category; null when search is unavailable. */
export async function searchArticles(term: string, category: string): Promise<SearchHits | null> {
  const api = await loadPagefind();
  if (!api) return null;
  const response = await api.search(term, category ? { filters: { category } } : undefined);
  if (!response) return null;
  const results = response.results;
  return {
    total: results.length,
    cards: async (from, count) => {
      const data = await Promise.all(results.slice(from, from + count).map((r) => r.data()));
      return data.map((d) => cardFromMeta(d.meta)).filter((c): c is PostCard => c !== null);
    },
  };
}

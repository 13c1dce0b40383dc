/**
 * The browser side of full-text search. The index is several pagefind bundles (shards of the archive by post
 * id, plus a small delta of recent changes) listed by /pagefind/manifest.json, which the renderer rewrites on
 * every publish (site/render/search). Only when a reader searches, this loads the manifest (always fresh),
 * pagefind from the manifest's first bundle, merges the other bundles into it, and drops the hits the manifest
 * hides (stale copies of changed posts, removed posts) before counting. Cards load on demand from each hit's
 * `meta.card`, which the renderer writes into the hit's fragment.
 */
import { isPostCard, type PostCard } from '../shared/post-card.ts';
import type { SearchManifest } from '../../render/search/manifest.ts';

interface PagefindResultData {
  url: string;
  meta: Record<string, string | undefined>;
}
interface PagefindResult {
  id: string;
  data: () => Promise<PagefindResultData | null>;
}
interface PagefindInstance {
  init: () => Promise<void>;
  mergeIndex: (path: string, options?: { metaCacheTag?: string }) => Promise<void>;
  search: (
    term: string,
    options?: { filters?: Record<string, string> },
  ) => Promise<{ results: PagefindResult[] } | null>;
  destroy: () => Promise<void>;
}
interface PagefindModule {
  createInstance: (options: { basePath: string; metaCacheTag?: string }) => PagefindInstance;
}

/** Hits of one search, with their cards loaded on demand. */
export interface SearchHits {
  total: number;
  /** Load cards for hits [from, from + count). */
  cards: (from: number, count: number) => Promise<PostCard[]>;
}

const BASE = '/pagefind/';
const MANIFEST_URL = `${BASE}manifest.json`;

function isManifest(value: unknown): value is SearchManifest {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  const strings = (v: unknown) => Array.isArray(v) && v.every((s) => typeof s === 'string');
  return (
    m.version === 1 &&
    strings(m.ambiguous) &&
    Array.isArray(m.bundles) &&
    m.bundles.length > 0 &&
    m.bundles.every((b: unknown) => {
      const x = b as Record<string, unknown> | null;
      return (
        typeof x === 'object' &&
        x !== null &&
        typeof x.key === 'string' &&
        typeof x.path === 'string' &&
        strings(x.hide)
      );
    })
  );
}

/** The manifest, or null when there is none (a site without search). */
async function fetchManifest(): Promise<{ manifest: SearchManifest; tag: string } | null> {
  try {
    const res = await fetch(MANIFEST_URL, { cache: 'no-cache' });
    if (!res.ok) return null;
    const tag = await res.text();
    const manifest: unknown = JSON.parse(tag);
    return isManifest(manifest) ? { manifest, tag } : null;
  } catch {
    return null;
  }
}

interface LoadedIndex {
  tag: string;
  manifest: SearchManifest;
  instance: Promise<PagefindInstance>;
}

/**
 * The hits a reader may see, in order: drops those the manifest hides (stale copies of changed posts, removed
 * posts). An id hidden in one bundle that is also a live record's id in another (`ambiguous`, rare) is
 * resolved by asking the hit which bundle it came from.
 */
export async function visibleResults<
  R extends { id: string; data: () => Promise<{ meta: Record<string, string | undefined> } | null> },
>(manifest: Pick<SearchManifest, 'bundles' | 'ambiguous'>, results: R[]): Promise<R[]> {
  const hidden = new Map<string, Set<string>>();
  for (const b of manifest.bundles) {
    for (const id of b.hide) hidden.set(id, (hidden.get(id) ?? new Set()).add(b.key));
  }
  const ambiguous = new Set(manifest.ambiguous);
  const keep = await Promise.all(
    results.map(async (r) => {
      const hiders = hidden.get(r.id);
      if (!hiders) return true;
      if (!ambiguous.has(r.id)) return false;
      const bundle = (await r.data().catch(() => null))?.meta.bundle;
      return bundle !== undefined && !hiders.has(bundle);
    }),
  );
  return results.filter((_, i) => keep[i]);
}

/** The index of the current manifest, and the one before it (results of an earlier search may still load cards). */
let current: LoadedIndex | undefined;
let previous: LoadedIndex | undefined;

function loadIndex(manifest: SearchManifest, tag: string): LoadedIndex {
  const [runtime, ...rest] = manifest.bundles as [SearchManifest['bundles'][0], ...SearchManifest['bundles']];
  const instance = (async () => {
    const mod = (await import(/* @vite-ignore */ `${BASE}${runtime.path}pagefind.js`)) as PagefindModule;
    // Bundle folders are named by content, so their entry files can be cached under a fixed tag.
    const pf = mod.createInstance({ basePath: `${BASE}${runtime.path}`, metaCacheTag: runtime.path });
    await pf.init();
    await Promise.all(rest.map((b) => pf.mergeIndex(`${BASE}${b.path}`, { metaCacheTag: b.path })));
    return pf;
  })();
  return { tag, manifest, instance };
}

function indexFor(manifest: SearchManifest, tag: string): LoadedIndex {
  if (current?.tag === tag) return current;
  const old = previous;
  previous = current;
  current = loadIndex(manifest, tag);
  void old?.instance.then((pf) => pf.destroy()).catch(() => undefined);
  return current;
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

/**
 * Function words dropped from a query that has other words. Pagefind matches every query word as a prefix and
 * loads its whole posting list from every bundle: at 10,000 posts "the" alone loads ~760 KB of index, and
 * "battery storage in the nordics" ~1.45 MB, against ~265 KB for "battery storage nordics".
 */
const STOP_WORDS = new Set(
  'a an and are as at be but by for from has have in into is it its of on or that the their this to was were will with'.split(
    ' ',
  ),
);

/** The words worth searching for: stop words dropped unless that leaves nothing, quoted phrases kept as typed. */
export function searchTerm(term: string): string {
  if (/^\s*".+"\s*$/.test(term)) return term;
  const words = term.trim().split(/\s+/);
  const kept = words.filter((w) => !STOP_WORDS.has(w.toLowerCase()));
  return (kept.length ? kept : words).join(' ');
}

/** Full-text search over articles, optionally within one category; null when search is unavailable. */
export async function searchArticles(term: string, category: string): Promise<SearchHits | null> {
  const fetched = await fetchManifest();
  if (!fetched) return null;
  if (fetched.manifest.bundles.length === 1) return { total: 0, cards: async () => [] }; // no posts indexed
  const index = indexFor(fetched.manifest, fetched.tag);
  let pf: PagefindInstance;
  try {
    pf = await index.instance;
  } catch {
    if (current === index) current = undefined; // let the next search try again
    return null;
  }
  const response = await pf.search(searchTerm(term), category ? { filters: { category } } : {});
  if (!response) return null;
  const results = await visibleResults(index.manifest, response.results);
  return {
    total: results.length,
    cards: async (from, count) => {
      const data = await Promise.all(results.slice(from, from + count).map((r) => r.data().catch(() => null)));
      return data.flatMap((d) => (d ? [cardFromMeta(d.meta)] : [])).filter((c): c is PostCard => c !== null);
    },
  };
}

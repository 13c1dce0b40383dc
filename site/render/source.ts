/**
 * The renderer's one data source: the public API (`/api/site/…`), locally the same server, in a remote build
 * the production API. Everything is validated against the shared schemas, and only published posts exist here.
 */
import { SiteCorrectionsSchema, type CorrectionLogEntry } from 'content-schema/corrections';
import {
  SitePostPageSchema,
  SiteRedirectsSchema,
  SiteSummaryPageSchema,
  type SitePost,
  type SiteRedirects,
  type SiteSummary,
} from 'content-schema/site-feed';
import type { z } from 'zod';

export interface SiteSource {
  /** Every published post's summary, in pages. */
  summaries(): AsyncGenerator<SiteSummary[]>;
  /** Published posts with ids above `after`, with their HTML (and search text unless `withText` is false), in pages. */
  posts(pageSize?: number, withText?: boolean, after?: number): AsyncGenerator<SitePost[]>;
  /** The published ones of these posts (others are absent from the answer). */
  postsById(ids: readonly number[]): Promise<SitePost[]>;
  redirects(): Promise<SiteRedirects['redirects']>;
  /** The public corrections log, newest first. */
  corrections(): Promise<CorrectionLogEntry[]>;
  /** A file of the media library (`/media/<file>`), for the share cards composed from feature images. */
  mediaFile(file: string): Promise<Uint8Array>;
}

/** A loopback address: the API on this machine (the embedded renderer), where compressing answers only costs. */
const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/**
 * A source over HTTP; a failed or malformed answer throws with the URL and what was wrong. From an API on this
 * machine the answers come uncompressed: pages of 100 bodies are ~2 MB, which the API would gzip on its thread
 * pool and this thread gunzip again, for no bytes saved on a loopback.
 */
export function apiSource(apiUrl: string, fetchFn: typeof fetch = fetch): SiteSource {
  const headers: Record<string, string> = LOOPBACK.test(new URL(apiUrl).hostname)
    ? { 'Accept-Encoding': 'identity' }
    : {};
  async function get<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> {
    const url = `${apiUrl}${path}`;
    let res: Response;
    try {
      res = await fetchFn(url, { headers, signal: AbortSignal.timeout(60_000) });
    } catch (cause) {
      throw new Error(`Could not reach the API at ${url} (SITE_API_URL)`, { cause });
    }
    if (!res.ok) throw new Error(`${url} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    const parsed = schema.safeParse(await res.json());
    if (!parsed.success) {
      const where = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
      throw new Error(`${url} does not match the site feed schema (${where.slice(0, 500)})`);
    }
    return parsed.data;
  }

  async function* pages<T extends { next: number | null }>(
    path: (after: number) => string,
    schema: z.ZodType<T>,
    from = 0,
  ) {
    for (let after = from; ;) {
      const page = await get(path(after), schema);
      yield page;
      if (page.next === null) return;
      after = page.next;
    }
  }

  return {
    async *summaries() {
      for await (const page of pages(
        (a) => `/api/site/posts?fields=summary&limit=1000&after=${a}`,
        SiteSummaryPageSchema,
      ))
        yield page.posts;
    },
    async *posts(pageSize = 100, withText = true, after = 0) {
      const fields = withText ? 'full' : 'html';
      const path = (a: number) => `/api/site/posts?fields=${fields}&limit=${pageSize}&after=${a}`;
      for await (const page of pages(path, SitePostPageSchema, Math.max(0, after))) yield page.posts;
    },
    async postsById(ids) {
      const out: SitePost[] = [];
      for (let i = 0; i < ids.length; i += 200) {
        const batch = ids.slice(i, i + 200);
        if (batch.length) out.push(...(await get(`/api/site/posts?ids=${batch.join(',')}`, SitePostPageSchema)).posts);
      }
      return out;
    },
    async redirects() {
      return (await get('/api/site/redirects', SiteRedirectsSchema)).redirects;
    },
    async corrections() {
      return (await get('/api/site/corrections', SiteCorrectionsSchema)).corrections;
    },
    async mediaFile(file) {
      const url = `${apiUrl}/media/${encodeURIComponent(file)}`;
      const res = await fetchFn(url, { signal: AbortSignal.timeout(60_000) });
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      return new Uint8Array(await res.arrayBuffer());
    },
  };
}

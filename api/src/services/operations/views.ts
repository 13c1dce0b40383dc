/**
 * Cookieless reader analytics. A beacon is validated and added to in-memory counters, synchronously: the request
 * path never touches the database. Once a second the counters gathered so far are handed to the writer (by default
 * a worker thread with its own connection, see `views-writer.ts`), which adds them to per-post-per-day rows in one
 * transaction; if that fails they are merged back and retried at the next flush. Each instance writes its own
 * counts as increments, so several instances add up. A crash loses at most the last second; a clean stop flushes.
 *
 * Slugs are checked against the published slugs, which the writer reads in the background (at start, after a
 * public change, at least once a minute). A slug not among them while that list is fresh is refused (404); while it
 * is stale or not read yet the beacon is queued by slug anyway and the writer keeps only published posts.
 */
import { BeaconSchema, type BeaconEvent } from 'content-schema/views';
import type { Clock } from '../../lib/clock.ts';
import { AppError, validate } from '../../lib/errors.ts';
import type { Job } from '../../lib/jobs.ts';
import { countedLately, Readers, takeToken, VIEW_LIMITS } from './views-limiter.ts';
import type { ReferrerRow, StatsRow, ViewsWriter } from './views-writer.ts';

/** Bots, crawlers, link previews, monitors and headless browsers do not count as readers. */
export const BOT_PATTERN =
  /bot|crawl|spider|slurp|archiver|headless|lighthouse|pagespeed|preview|fetch|curl|wget|python|java\/|go-http|okhttp|axios|node|httpclient|libwww|scrapy|facebookexternalhit|embedly|monitor|pingdom|uptime|phantomjs|selenium|puppeteer|playwright|bingpreview/i;

/** A beacon is a few dozen bytes; anything much larger is not one. */
export const BEACON_MAX_BYTES = 1024;

/** Do-Not-Track or Global Privacy Control (the `DNT` and `Sec-GPC` headers): the reader is never counted. */
export const optedOut = (dnt: string | undefined, gpc: string | undefined): boolean => dnt === '1' || gpc === '1';

/** Reading completion at or above this makes a leave an engaged read; below `BOUNCE_BELOW` it is a bounce. */
export const ENGAGED_AT = 50;
export const BOUNCE_BELOW = 25;

/** How often the counters are handed to the writer. */
export const FLUSH_EVERY_MS = 1000;

interface Counters {
  views: number;
  leaves: number;
  completionSum: number;
  engaged: number;
  bounces: number;
  secondsSum: number;
  shares: number;
}

const zero = (): Counters => ({
  views: 0,
  leaves: 0,
  completionSum: 0,
  engaged: 0,
  bounces: 0,
  secondsSum: 0,
  shares: 0,
});

export interface BeaconMeta {
  /** Identifies the client for rate limiting only (the IP address); never stored. */
  client: string;
  userAgent: string | undefined;
  /** `DNT: 1` or `Sec-GPC: 1`. */
  optOut: boolean;
}

export type BeaconOutcome = 'counted' | 'duplicate' | 'opted-out' | 'bot' | 'dropped';

/** What the views service holds in memory: the counters not written yet, the limiter, and the published slugs. */
interface ViewsContext {
  clock: Clock;
  siteHost: string;
  writer: ViewsWriter;
  /** Counters by `slug|day`. */
  pending: Map<string, Counters>;
  /** Views by `slug|day|host`. */
  referrers: Map<string, number>;
  readers: Readers;
  slugs: Set<string> | null;
  slugsAt: number;
  /** Bumped by every invalidation; the list is stale while it was read before the latest one. */
  generation: number;
  slugsGeneration: number;
  loading: Promise<void> | null;
  flushing: Promise<number> | null;
  totals: { counted: number; dropped: number; written: number; failedFlushes: number };
}

/** Reads the published slugs through the writer, once at a time; never awaited by a request. */
function loadSlugs(ctx: ViewsContext): Promise<void> {
  ctx.loading ??= (async () => {
    const startedGeneration = ctx.generation; // an invalidation while the read runs leaves it stale
    try {
      ctx.slugs = new Set(await ctx.writer.publishedSlugs());
      // When the query ran (its answer arrives right after), not when it was asked for: a writer thread that is
      // still starting must not make the list look old on arrival.
      ctx.slugsAt = Date.now();
      ctx.slugsGeneration = startedGeneration;
    } catch (err) {
      console.error('[views] reading published slugs failed:', err instanceof Error ? err.message : err);
    } finally {
      ctx.loading = null;
    }
  })();
  return ctx.loading;
}

/** true: published; false: not published (the list is fresh); null: not known yet (queued, the writer decides). */
function isPublished(ctx: ViewsContext, slug: string, now: number): boolean | null {
  const age = now - ctx.slugsAt;
  const known = ctx.slugs?.has(slug) ?? false;
  const slugsStale = ctx.slugsGeneration !== ctx.generation;
  if (!ctx.loading && (age > VIEW_LIMITS.slugMaxAgeMs || (!known && (slugsStale || age > VIEW_LIMITS.slugRefreshMs))))
    void loadSlugs(ctx);
  if (known) return true;
  return ctx.slugs && !slugsStale && age <= VIEW_LIMITS.slugRefreshMs ? false : null;
}

/** Adds one beacon to its article's counters. */
function tally(counters: Counters, beacon: { event: BeaconEvent; completion?: number; seconds?: number }): void {
  if (beacon.event === 'view') {
    counters.views++;
  } else if (beacon.event === 'leave') {
    const completion = Math.round(beacon.completion!);
    counters.leaves++;
    counters.completionSum += completion;
    if (completion >= ENGAGED_AT) counters.engaged++;
    if (completion < BOUNCE_BELOW) counters.bounces++;
    counters.secondsSum += Math.round(Math.min(beacon.seconds ?? 0, VIEW_LIMITS.secondsCap));
  } else {
    counters.shares++;
  }
}

/**
 * Counts one beacon, or says why it did not; throws 400 for bad input, 404 for slugs known not to be published,
 * 429 over budget. Synchronous: no database work, nothing awaited.
 */
function record(ctx: ViewsContext, body: unknown, meta: BeaconMeta): BeaconOutcome {
  // Opt-outs and bots are answered before anything is looked at, so nothing about them is even counted.
  if (meta.optOut) return 'opted-out';
  if (!meta.userAgent || BOT_PATTERN.test(meta.userAgent)) return 'bot';
  const beacon = validate(BeaconSchema, body);
  if (beacon.event === 'leave' && beacon.completion === undefined) {
    throw new AppError(400, 'completion is required when leaving', {
      issues: [{ path: 'completion', message: 'completion is required when leaving' }],
    });
  }
  const now = Date.now();
  const reader = ctx.readers.get(meta.client, now);
  if (!takeToken(reader, now)) throw new AppError(429, 'Too many beacons', { headers: { 'Retry-After': '60' } });
  if (isPublished(ctx, beacon.slug, now) === false) throw new AppError(404, 'Post not found');

  if (countedLately(reader, beacon.slug, beacon.event, now)) return 'duplicate';

  const day = ctx.clock.now().toISOString().slice(0, 10);
  const key = `${beacon.slug}|${day}`;
  const host = beacon.event === 'view' && beacon.referrer && beacon.referrer !== ctx.siteHost ? beacon.referrer : '';
  const rk = `${beacon.slug}|${day}|${host}`;
  const c = ctx.pending.get(key);
  if (
    (!c && ctx.pending.size >= VIEW_LIMITS.maxPendingPosts) ||
    (beacon.event === 'view' && !ctx.referrers.has(rk) && ctx.referrers.size >= VIEW_LIMITS.maxPendingReferrers)
  ) {
    ctx.totals.dropped++;
    return 'dropped';
  }
  ctx.readers.remember(reader, beacon.slug, beacon.event, now);

  const counters = c ?? zero();
  tally(counters, beacon);
  if (beacon.event === 'view') ctx.referrers.set(rk, (ctx.referrers.get(rk) ?? 0) + 1);
  if (!c) ctx.pending.set(key, counters);
  ctx.totals.counted++;
  return 'counted';
}

/** Puts unwritten counts back (merged with anything that arrived meanwhile) for the next flush. */
function restore(ctx: ViewsContext, stats: Map<string, Counters>, refs: Map<string, number>): void {
  for (const [key, c] of stats) {
    const now = ctx.pending.get(key);
    if (!now) ctx.pending.set(key, c);
    else for (const k of Object.keys(c) as (keyof Counters)[]) now[k] += c[k];
  }
  for (const [key, n] of refs) ctx.referrers.set(key, (ctx.referrers.get(key) ?? 0) + n);
}

/** The writer's rows of the counters gathered. */
function batchOf(stats: Map<string, Counters>, refs: Map<string, number>) {
  const split = (key: string) => key.split('|') as [string, string, string];
  return {
    stats: [...stats].map(([key, c]): StatsRow => {
      const [slug, day] = split(key);
      return [slug, day, c.views, c.leaves, c.completionSum, c.engaged, c.bounces, c.secondsSum, c.shares];
    }),
    referrers: [...refs].map(([key, n]): ReferrerRow => {
      const [slug, day, host] = split(key);
      return [slug, day, host, n];
    }),
  };
}

/**
 * Hands the counts gathered since the last flush to the writer, which writes them in one transaction; returns
 * the rows written. If the write fails, every count of it is kept for the next flush (nothing was written).
 * Flushes run one at a time; a call during one waits for it and then flushes what arrived meanwhile.
 */
async function flush(ctx: ViewsContext): Promise<number> {
  while (ctx.flushing) await ctx.flushing.catch(() => {});
  if (ctx.pending.size === 0 && ctx.referrers.size === 0) return 0;
  const stats = ctx.pending;
  const refs = ctx.referrers;
  ctx.pending = new Map();
  ctx.referrers = new Map();
  ctx.flushing = ctx.writer.write(batchOf(stats, refs));
  try {
    const written = await ctx.flushing;
    ctx.totals.written += written;
    return written;
  } catch (err) {
    ctx.totals.failedFlushes++;
    restore(ctx, stats, refs);
    throw err;
  } finally {
    ctx.flushing = null;
  }
}

/**
 * Flushes once a second (forgetting expired limiter entries once a minute); at stop, a flush in progress finishes
 * first, then what is left is written and the writer is closed.
 */
function flushJob(ctx: ViewsContext): Job {
  let ticks = 0;
  let lastDropped = 0;
  const run = async () => {
    if (ctx.flushing) return;
    try {
      await flush(ctx);
    } catch (err) {
      console.error('[views] flush failed, retrying:', err instanceof Error ? err.message : err);
      return;
    }
    if (++ticks % 60 === 0) ctx.readers.sweep(Date.now());
    if (ctx.totals.dropped > lastDropped) {
      console.error(`[views] queue full: ${ctx.totals.dropped - lastDropped} beacons dropped`);
      lastDropped = ctx.totals.dropped;
    }
  };
  const drain = async () => {
    await flush(ctx).catch((err: unknown) =>
      console.error('[views] final flush failed; counts lost:', err instanceof Error ? err.message : err),
    );
    await ctx.writer.close();
  };
  return { name: 'views', everyMs: FLUSH_EVERY_MS, atStart: false, run, drain };
}

export type ViewsService = ReturnType<typeof createViewsService>;

/** The views service: the beacon's counting, the flush job, and what tests and the change feed ask of it. */
export function createViewsService(deps: { clock: Clock; siteHost: string; writer: ViewsWriter }) {
  const ctx: ViewsContext = {
    ...deps,
    pending: new Map(),
    referrers: new Map(),
    readers: new Readers(VIEW_LIMITS.maxEntries),
    slugs: null,
    slugsAt: -Infinity,
    generation: 0,
    slugsGeneration: -1,
    loading: null,
    flushing: null,
    totals: { counted: 0, dropped: 0, written: 0, failedFlushes: 0 },
  };
  return {
    record: (body: unknown, meta: BeaconMeta) => record(ctx, body, meta),
    flush: () => flush(ctx),
    jobs: [flushJob(ctx)],
    /** Counts since start: beacons counted and dropped (queue full), rows written, failed flushes. */
    totals: () => ({ ...ctx.totals, pendingPosts: ctx.pending.size, pendingReferrers: ctx.referrers.size }),
    /** Reads the published slugs now (at start, and in tests; afterwards they are read in the background). */
    loadSlugs: () => loadSlugs(ctx),
    /** The published slugs changed (a post was published or unpublished): read them again when next needed. */
    invalidate: () => {
      ctx.generation++;
    },
  };
}

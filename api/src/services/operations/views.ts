import { BeaconSchema, type BeaconEvent } from 'content-schema/views';
import type { Clock } from '../../lib/clock.ts';
import { AppError, validate } from '../../lib/errors.ts';
import type { ReferrerRow, StatsRow, ViewsWriter } from './views-writer.ts';


/** Bots, crawlers, link previews, monitors and headless browsers do not count as readers. */
export const BOT_PATTERN =
  /bot|crawl|spider|slurp|archiver|headless|lighthouse|pagespeed|preview|fetch|curl|wget|python|java\/|go-http|okhttp|axios|node|httpclient|libwww|scrapy|facebookexternalhit|embedly|monitor|pingdom|uptime|phantomjs|selenium|puppeteer|playwright|bingpreview/i;

/** Rules that keep one client (a loop, a reload storm) from inflating counts. Kept in memory only. */
export const VIEW_LIMITS = {
  /** A client's budget of beacons: this many at once, refilled at `refillPerMinute`. Beyond it: 429. */
  burst: 30,
  refillPerMinute: 30,
  /** The same client, article and event count once within these windows. */
  dedupeMs: { view: 30 * 60_000, leave: 30 * 60_000, share: 10 * 60_000 },
  /** Time on page is capped so a forgotten tab cannot skew the average. */
  secondsCap: 30 * 60,
  /** Bounded memory for the limiter; the oldest entries go first. */
  maxEntries: 200_000,
  /** Published slugs are re-read at most this often when an unknown slug arrives, and at least this often anyway. */
  slugRefreshMs: 5_000,
  slugMaxAgeMs: 60_000,
  /**
   * The queue between requests and the writer is a map of counters, one entry per post and day and one per post, day
   * and referring host. Its size is bounded: a beacon that would add an entry beyond these is dropped (and counted
   * as dropped); beacons adding to an existing entry always count. Reached only by junk (random referrers) or a
   * database that refuses writes for a long time.
   */
  maxPendingPosts: 50_000,
  maxPendingReferrers: 50_000,
} as const;

/** A beacon is a few dozen bytes; anything much larger is not one. */
export const BEACON_MAX_BYTES = 1024;

/** Do-Not-Track or Global Privacy Control (the `DNT` and `Sec-GPC` headers): the reader is never counted. */
export const optedOut = (dnt: string | undefined, gpc: string | undefined): boolean => dnt === '1' || gpc === '1';

/** Reading completion at or above this makes a leave an engaged read; below `BOUNCE_BELOW` it is a bounce. */
export const ENGAGED_AT = 50;
export const BOUNCE_BELOW = 25;

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

/** What the limiter remembers of one client: its beacon budget, and what it was counted for lately. */
interface Reader {
  /** Beacons it may still send now; refilled from `at`. */
  tokens: number;
  /** Its latest beacon (ms). */
  at: number;
  /** (slug, event) pairs counted within their de-duplication windows (expired ones are dropped as it is read). */
  counted: { slug: string; event: BeaconEvent; at: number }[];
}

/** A budget left alone this long is full again, as if the client had never been seen. */
const FULL_AFTER_MS = (VIEW_LIMITS.burst / VIEW_LIMITS.refillPerMinute) * 60_000;

/**
 * The rate limiter's memory: one entry per client (an IP address) holding both its token bucket and the
 * (slug, event) pairs it was counted for, so a beacon costs one lookup. At most about `max` records (a client or a
 * pair each) are kept, forgetting the least recently seen clients in O(1): clients live in two generations, and
 * when the current one holds half the bound the previous one is dropped whole. (Evicting one oldest entry per
 * insert from a single Map, by iterating from its start, costs tens of microseconds per beacon once the map is
 * full: V8 walks the holes that earlier deletions left at the front.)
 */
export class Readers {
  #current = new Map<string, Reader>();
  #previous = new Map<string, Reader>();
  /** Records (clients and pairs) added to the current generation. */
  #weight = 0;
  readonly #max: number;
  constructor(max: number) {
    this.#max = max;
  }

  /** The client's entry (a fresh one with a full budget if unknown), kept in the current generation. */
  get(client: string, now: number): Reader {
    const current = this.#current.get(client);
    if (current) return current;
    let reader = this.#previous.get(client);
    if (reader) this.#previous.delete(client);
    else reader = { tokens: VIEW_LIMITS.burst, at: now, counted: [] };
    this.#current.set(client, reader);
    this.#grew(1 + reader.counted.length);
    return reader;
  }

  /** Remembers that a client `get` returned was counted for this slug and event now. */
  remember(reader: Reader, slug: string, event: BeaconEvent, now: number): void {
    reader.counted.push({ slug, event, at: now });
    this.#grew(1);
  }

  /** When the current generation holds half the bound, it becomes the previous one. */
  #grew(n: number): void {
    this.#weight += n;
    if (this.#weight >= this.#max / 2) {
      this.#previous = this.#current;
      this.#current = new Map();
      this.#weight = 0;
    }
  }

  get size(): number {
    return this.#current.size + this.#previous.size;
  }

  /** Drops expired pairs everywhere, and the clients with none left whose budget is full again. */
  sweep(now: number): void {
    for (const map of [this.#current, this.#previous])
      for (const [client, reader] of map) {
        reader.counted = reader.counted.filter((c) => now - c.at < VIEW_LIMITS.dedupeMs[c.event]);
        if (!reader.counted.length && now - reader.at >= FULL_AFTER_MS) map.delete(client);
      }
  }
}

/** Takes one beacon from the client's budget; false when it has none left. */
function takeToken(reader: Reader, now: number): boolean {
  const refill = ((now - reader.at) / 60_000) * VIEW_LIMITS.refillPerMinute;
  reader.tokens = Math.min(VIEW_LIMITS.burst, reader.tokens + refill);
  reader.at = now;
  if (reader.tokens < 1) return false;
  reader.tokens -= 1;
  return true;
}

/** Whether the client was counted for this slug and event within the event's window; drops its expired pairs. */
function countedLately(reader: Reader, slug: string, event: BeaconEvent, now: number): boolean {
  const counted = reader.counted;
  let kept = 0;
  let found = false;
  for (const c of counted) {
    if (now - c.at >= VIEW_LIMITS.dedupeMs[c.event]) continue;
    if (c.slug === slug && c.event === event) found = true;
    counted[kept++] = c;
  }
  if (kept < counted.length) counted.length = kept;
  return found;
}

export type ViewsService = ReturnType<typeof createViewsService>;

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
export function createViewsService(deps: { clock: Clock; siteHost: string; writer: ViewsWriter }) {
  const { clock, writer } = deps;
  let pending = new Map<string, Counters>();
  let referrers = new Map<string, number>();
  const readers = new Readers(VIEW_LIMITS.maxEntries);
  let slugs: Set<string> | null = null;
  let slugsAt = -Infinity;
  /** Bumped by every invalidation; the list is stale while it was read before the latest one. */
  let generation = 0;
  let slugsGeneration = -1;
  let loading: Promise<void> | null = null;
  const totals = { counted: 0, dropped: 0, written: 0, failedFlushes: 0 };

  /** Reads the published slugs through the writer, once at a time; never awaited by a request. */
  function loadSlugs(): Promise<void> {
    loading ??= (async () => {
      const startedGeneration = generation; // an invalidation while the read runs leaves it stale
      try {
        slugs = new Set(await writer.publishedSlugs());
        // When the query ran (its answer arrives right after), not when it was asked for: a writer thread that is
        // still starting must not make the list look old on arrival.
        slugsAt = Date.now();
        slugsGeneration = startedGeneration;
      } catch (err) {
        console.error('[views] reading published slugs failed:', err instanceof Error ? err.message : err);
      } finally {
        loading = null;
      }
    })();
    return loading;
  }

  /** true: published; false: not published (the list is fresh); null: not known yet (queued, the writer decides). */
  function isPublished(slug: string, now: number): boolean | null {
    const age = now - slugsAt;
    const known = slugs?.has(slug) ?? false;
    const slugsStale = slugsGeneration !== generation;
    if (!loading && (age > VIEW_LIMITS.slugMaxAgeMs || (!known && (slugsStale || age > VIEW_LIMITS.slugRefreshMs))))
      void loadSlugs();
    if (known) return true;
    return slugs && !slugsStale && age <= VIEW_LIMITS.slugRefreshMs ? false : null;
  }

  /**
   * Counts one beacon, or says why it did not; throws 400 for bad input, 404 for slugs known not to be published,
   * 429 over budget. Synchronous: no database work, nothing awaited.
   */
  function record(body: unknown, meta: BeaconMeta): BeaconOutcome {
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
    const reader = readers.get(meta.client, now);
    if (!takeToken(reader, now)) throw new AppError(429, 'Too many beacons', { headers: { 'Retry-After': '60' } });
    if (isPublished(beacon.slug, now) === false) throw new AppError(404, 'Post not found');

    if (countedLately(reader, beacon.slug, beacon.event, now)) return 'duplicate';

    const day = clock.now().toISOString().slice(0, 10);
    const key = `${beacon.slug}|${day}`;
    const host = beacon.event === 'view' && beacon.referrer && beacon.referrer !== deps.siteHost ? beacon.referrer : '';
    const rk = `${beacon.slug}|${day}|${host}`;
    const c = pending.get(key);
    if (
      (!c && pending.size >= VIEW_LIMITS.maxPendingPosts) ||
      (beacon.event === 'view' && !referrers.has(rk) && referrers.size >= VIEW_LIMITS.maxPendingReferrers)
    ) {
      totals.dropped++;
      return 'dropped';
    }
    readers.remember(reader, beacon.slug, beacon.event, now);

    const counters = c ?? zero();
    if (beacon.event === 'view') {
      counters.views++;
      referrers.set(rk, (referrers.get(rk) ?? 0) + 1);
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
    if (!c) pending.set(key, counters);
    totals.counted++;
    return 'counted';
  }

  /** Puts unwritten counts back (merged with anything that arrived meanwhile) for the next flush. */
  function restore(stats: Map<string, Counters>, refs: Map<string, number>): void {
    for (const [key, c] of stats) {
      const now = pending.get(key);
      if (!now) pending.set(key, c);
      else for (const k of Object.keys(c) as (keyof Counters)[]) now[k] += c[k];
    }
    for (const [key, n] of refs) referrers.set(key, (referrers.get(key) ?? 0) + n);
  }

  let flushing: Promise<number> | null = null;

  /**
   * Hands the counts gathered since the last flush to the writer, which writes them in one transaction; returns
   * the rows written. If the write fails, every count of it is kept for the next flush (nothing was written).
   * Flushes run one at a time; a call during one waits for it and then flushes what arrived meanwhile.
   */
  async function flush(): Promise<number> {
    while (flushing) await flushing.catch(() => {});
    if (pending.size === 0 && referrers.size === 0) return 0;
    const stats = pending;
    const refs = referrers;
    pending = new Map();
    referrers = new Map();
    const split = (key: string) => key.split('|') as [string, string, string];
    const batch = {
      stats: [...stats].map(([key, c]): StatsRow => {
        const [slug, day] = split(key);
        return [slug, day, c.views, c.leaves, c.completionSum, c.engaged, c.bounces, c.secondsSum, c.shares];
      }),
      referrers: [...refs].map(([key, n]): ReferrerRow => {
        const [slug, day, host] = split(key);
        return [slug, day, host, n];
      }),
    };
    flushing = writer.write(batch);
    try {
      const written = await flushing;
      totals.written += written;
      return written;
    } catch (err) {
      totals.failedFlushes++;
      restore(stats, refs);
      throw err;
    } finally {
      flushing = null;
    }
  }

  /** Forgets limiter entries whose windows have passed. */
  function sweep(): void {
    readers.sweep(Date.now());
  }

  /** Flushes every `intervalMs`; the returned stop function flushes what is left and closes the writer. */
  function start(intervalMs = 1000): () => Promise<void> {
    let ticks = 0;
    let lastDropped = 0;
    void loadSlugs();
    const tick = () => {
      if (flushing) return;
      flush()
        .then(() => {
          if (++ticks % 60 === 0) sweep();
          if (totals.dropped > lastDropped) {
            console.error(`[views] queue full: ${totals.dropped - lastDropped} beacons dropped`);
            lastDropped = totals.dropped;
          }
        })
        .catch((err: unknown) =>
          console.error('[views] flush failed, retrying:', err instanceof Error ? err.message : err),
        );
    };
    const timer = setInterval(tick, intervalMs);
    timer.unref();
    return async () => {
      clearInterval(timer);
      // A flush in progress finishes first (flush waits for it), then what is left is written.
      await flush().catch((err: unknown) =>
        console.error('[views] final flush failed; counts lost:', err instanceof Error ? err.message : err),
      );
      await writer.close();
    };
  }

  return {
    record,
    flush,
    start,
    /** Counts since start: beacons counted and dropped (queue full), rows written, failed flushes. */
    totals: () => ({ ...totals, pendingPosts: pending.size, pendingReferrers: referrers.size }),
    /** Reads the published slugs now (tests; the server reads them in the background). */
    loadSlugs,
    /** The published slugs changed (a post was published or unpublished): read them again when next needed. */
    invalidate: () => {
      generation++;
    },
  };
}

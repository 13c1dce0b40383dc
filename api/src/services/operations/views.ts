import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { posts } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, validate } from '../../lib/errors.ts';

const HOST =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::\d{1,5})?$/;

/** The beacon's body: what the article page sends with navigator.sendBeacon. Nothing else is accepted. */
export const BeaconSchema = z
  .object({
    slug: z
      .string()
      .min(1)
      .max(200)
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug is not a valid article slug'),
    event: z.enum(['view', 'leave', 'share']),
    /** The referring site's host only (never a full URL); '' or absent for direct visits. */
    referrer: z
      .string()
      .max(253)
      .transform((s) => s.trim().toLowerCase())
      .refine((s) => s === '' || HOST.test(s), 'referrer must be a host name')
      .optional(),
    /** How far the reader got, 0–100; required when leaving. */
    completion: z.number().min(0).max(100).optional(),
    /** Seconds on the page, sent when leaving. */
    seconds: z.number().min(0).max(86_400).optional(),
  })
  .strict();
export type Beacon = z.infer<typeof BeaconSchema>;

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
} as const;

/** Reading completion at or above this makes a leave an engaged read; below `bounceBelow` it is a bounce. */
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

export type BeaconOutcome = 'counted' | 'duplicate' | 'opted-out' | 'bot';

/**
 * Rows per write. The local libSQL client runs each statement on the event loop, so a flush is written as
 * several small statements with a yield between them: no request waits behind more than one of them.
 */
const UPSERT_ROWS = 200;

const STATS_UPSERT = {
  target: 'post_stats_daily (post_id, day, views, leaves, completion_sum, engaged, bounces, seconds_sum, shares)',
  width: 9,
  onConflict: `ON CONFLICT (post_id, day) DO UPDATE SET views = views + excluded.views, leaves = leaves + excluded.leaves,
    completion_sum = completion_sum + excluded.completion_sum, engaged = engaged + excluded.engaged,
    bounces = bounces + excluded.bounces, seconds_sum = seconds_sum + excluded.seconds_sum, shares = shares + excluded.shares`,
};
const REFERRERS_UPSERT = {
  target: 'post_referrers_daily (post_id, day, host, views)',
  width: 4,
  onConflict: 'ON CONFLICT (post_id, day, host) DO UPDATE SET views = views + excluded.views',
};

/**
 * One multi-row upsert: `INSERT … SELECT … FROM (VALUES …)` keeps only rows whose post still exists (a post
 * deleted since the beacon would otherwise fail the statement on its foreign key). A statement is atomic.
 */
function upsert(kind: typeof STATS_UPSERT, rows: (string | number)[][]) {
  const columns = Array.from({ length: kind.width }, (_, i) => `column${i + 1}`).join(', ');
  const tuple = `(${Array(kind.width).fill('?').join(', ')})`;
  return {
    sql: `INSERT INTO ${kind.target} SELECT ${columns} FROM (VALUES ${rows.map(() => tuple).join(', ')})
          WHERE column1 IN (SELECT id FROM posts) ${kind.onConflict}`,
    args: rows.flat(),
  };
}

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export type ViewsService = ReturnType<typeof createViewsService>;

/**
 * Cookieless reader analytics. Beacons are counted in memory and written once a second as a few multi-row
 * upserts into per-post-per-day counters, so a beacon costs no database write of its own.
 * A crash loses at most the counts of the last flush interval (about a second); a clean stop flushes.
 */
export function createViewsService(deps: { db: Db; clock: Clock; siteHost: string }) {
  const { db, clock } = deps;
  let pending = new Map<string, Counters>();
  let referrers = new Map<string, number>();
  const buckets = new Map<string, { tokens: number; at: number }>();
  const seen = new Map<string, number>();
  let slugs = new Map<string, number>();
  let slugsAt = -Infinity;
  let loading: Promise<void> | null = null;

  async function loadSlugs(): Promise<void> {
    loading ??= (async () => {
      try {
        const rows = await db.select({ id: posts.id, slug: posts.slug }).from(posts).where(eq(posts.published, true));
        slugs = new Map(rows.map((r) => [r.slug, r.id]));
        slugsAt = Date.now();
      } finally {
        loading = null;
      }
    })();
    return loading;
  }

  async function postIdOf(slug: string): Promise<number | undefined> {
    const age = Date.now() - slugsAt;
    if (age > VIEW_LIMITS.slugMaxAgeMs || (!slugs.has(slug) && age > VIEW_LIMITS.slugRefreshMs)) await loadSlugs();
    return slugs.get(slug);
  }

  function bounded<K, V>(map: Map<K, V>): void {
    if (map.size <= VIEW_LIMITS.maxEntries) return;
    const drop = map.size - VIEW_LIMITS.maxEntries;
    let i = 0;
    for (const key of map.keys()) {
      if (i++ >= drop) break;
      map.delete(key);
    }
  }

  function takeToken(client: string, now: number): boolean {
    const b = buckets.get(client) ?? { tokens: VIEW_LIMITS.burst, at: now };
    b.tokens = Math.min(VIEW_LIMITS.burst, b.tokens + ((now - b.at) / 60_000) * VIEW_LIMITS.refillPerMinute);
    b.at = now;
    const ok = b.tokens >= 1;
    if (ok) b.tokens -= 1;
    buckets.delete(client);
    buckets.set(client, b); // re-insert: the map stays in least-recently-used order for `bounded`
    bounded(buckets);
    return ok;
  }

  /** Counts one beacon, or says why it did not; throws 400 for bad input, 404 for unknown slugs, 429 over budget. */
  async function record(body: unknown, meta: BeaconMeta): Promise<BeaconOutcome> {
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
    if (!takeToken(meta.client, now)) throw new AppError(429, 'Too many beacons', { headers: { 'Retry-After': '60' } });
    const postId = await postIdOf(beacon.slug);
    if (postId === undefined) throw new AppError(404, 'Post not found');

    const dedupeKey = `${meta.client}\n${postId}\n${beacon.event}`;
    const last = seen.get(dedupeKey);
    if (last !== undefined && now - last < VIEW_LIMITS.dedupeMs[beacon.event]) return 'duplicate';
    seen.delete(dedupeKey);
    seen.set(dedupeKey, now);
    bounded(seen);

    const day = clock.now().toISOString().slice(0, 10);
    const key = `${postId}|${day}`;
    const c = pending.get(key) ?? zero();
    if (beacon.event === 'view') {
      c.views++;
      const host = beacon.referrer && beacon.referrer !== deps.siteHost ? beacon.referrer : '';
      const rk = `${postId}|${day}|${host}`;
      referrers.set(rk, (referrers.get(rk) ?? 0) + 1);
    } else if (beacon.event === 'leave') {
      const completion = Math.round(beacon.completion!);
      c.leaves++;
      c.completionSum += completion;
      if (completion >= ENGAGED_AT) c.engaged++;
      if (completion < BOUNCE_BELOW) c.bounces++;
      c.secondsSum += Math.round(Math.min(beacon.seconds ?? 0, VIEW_LIMITS.secondsCap));
    } else {
      c.shares++;
    }
    pending.set(key, c);
    return 'counted';
  }

  /** Puts unwritten counts back (merged with anything that arrived meanwhile) for the next flush. */
  function restore(stats: [string, Counters][], refs: [string, number][]): void {
    for (const [key, c] of stats) {
      const now = pending.get(key) ?? zero();
      for (const k of Object.keys(c) as (keyof Counters)[]) now[k] += c[k];
      pending.set(key, now);
    }
    for (const [key, n] of refs) referrers.set(key, (referrers.get(key) ?? 0) + n);
  }

  /**
   * Writes the counts gathered since the last flush as multi-row upserts of at most 200 rows each; returns the
   * rows written. If a write fails, it and the ones after it are kept for the next flush (written ones stay).
   */
  async function flush(): Promise<number> {
    if (pending.size === 0 && referrers.size === 0) return 0;
    const chunks: { stats: [string, Counters][]; refs: [string, number][] }[] = [];
    const stats = [...pending];
    const refs = [...referrers];
    pending = new Map();
    referrers = new Map();
    for (let i = 0; i < stats.length; i += UPSERT_ROWS)
      chunks.push({ stats: stats.slice(i, i + UPSERT_ROWS), refs: [] });
    for (let i = 0; i < refs.length; i += UPSERT_ROWS) chunks.push({ stats: [], refs: refs.slice(i, i + UPSERT_ROWS) });
    let written = 0;
    for (let n = 0; n < chunks.length; n++) {
      const chunk = chunks[n]!;
      const statement = chunk.stats.length
        ? upsert(
            STATS_UPSERT,
            chunk.stats.map(([key, c]) => {
              const [postId, day] = key.split('|') as [string, string];
              return [
                Number(postId),
                day,
                c.views,
                c.leaves,
                c.completionSum,
                c.engaged,
                c.bounces,
                c.secondsSum,
                c.shares,
              ];
            }),
          )
        : upsert(
            REFERRERS_UPSERT,
            chunk.refs.map(([key, views]) => {
              const [postId, day, host] = key.split('|') as [string, string, string];
              return [Number(postId), day, host, views];
            }),
          );
      try {
        await db.$client.execute(statement);
      } catch (err) {
        for (const rest of chunks.slice(n)) restore(rest.stats, rest.refs);
        throw err;
      }
      written += chunk.stats.length + chunk.refs.length;
      if (n < chunks.length - 1) await yieldToLoop();
    }
    return written;
  }

  /** Forgets limiter entries whose windows have passed. */
  function sweep(): void {
    const now = Date.now();
    const longest = Math.max(...Object.values(VIEW_LIMITS.dedupeMs));
    for (const [k, at] of seen) if (now - at > longest) seen.delete(k);
    for (const [k, b] of buckets) if (now - b.at > 5 * 60_000) buckets.delete(k);
  }

  /** Flushes every `intervalMs`; the returned stop function flushes what is left. */
  function start(intervalMs = 1000): () => Promise<void> {
    let running: Promise<void> | null = null;
    let ticks = 0;
    const tick = () => {
      running ??= flush()
        .then(() => {
          if (++ticks % 60 === 0) sweep();
        })
        .catch((err: unknown) =>
          console.error('[views] flush failed, retrying:', err instanceof Error ? err.message : err),
        )
        .finally(() => {
          running = null;
        });
      return running;
    };
    const timer = setInterval(tick, intervalMs);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await running; // a flush in progress finishes first, then what is left is written
      await flush().catch((err: unknown) =>
        console.error('[views] final flush failed:', err instanceof Error ? err.message : err),
      );
    };
  }

  return {
    record,
    flush,
    start,
    /** Forget the published-slug cache (a post was published or unpublished). */
    invalidate: () => {
      slugsAt = -Infinity;
    },
  };
}

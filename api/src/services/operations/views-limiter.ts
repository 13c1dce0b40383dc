/**
 * The beacon limiter: how many beacons one client may send, and which it was counted for lately, kept in memory
 * only.
 */
import type { BeaconEvent } from 'content-schema/views';

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

/** What the limiter remembers of one client: its beacon budget, and what it was counted for lately. */
export interface Reader {
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
export function takeToken(reader: Reader, now: number): boolean {
  const refill = ((now - reader.at) / 60_000) * VIEW_LIMITS.refillPerMinute;
  reader.tokens = Math.min(VIEW_LIMITS.burst, reader.tokens + refill);
  reader.at = now;
  if (reader.tokens < 1) return false;
  reader.tokens -= 1;
  return true;
}

/** Whether the client was counted for this slug and event within the event's window; drops its expired pairs. */
export function countedLately(reader: Reader, slug: string, event: BeaconEvent, now: number): boolean {
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

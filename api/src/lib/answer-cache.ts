/**
 * Answers encoded once per change. A reader's list or article is read from the database and encoded once, then sent
 * as the same bytes (and compressed once per encoding) until a change retires it; the front cache (front-cache.ts)
 * replays those bytes in front of the router for as long as the answer is current. See
 * docs/decisions/005-answer-cache-and-front-cache.md.
 */
import { createHash } from 'node:crypto';

export interface CachedList {
  /** Encoded once: the hot path writes these bytes as they are. */
  body: Uint8Array<ArrayBuffer>;
  /** A hash of `body`: equal answers have equal tags on every instance, so a publish changes exactly the lists it affects. */
  hash: string;
  /** The same bytes gzipped or brotli-compressed, made on first demand, for clients that accept them. */
  gzip?: Uint8Array<ArrayBuffer>;
  br?: Uint8Array<ArrayBuffer>;
  total: number;
  at: number;
  /** How long the answer is trusted without a change (set when it is cached). */
  ttl?: number;
  /** Set when a write (or eviction) drops it from its cache: copies of it elsewhere (the front cache) stop being served. */
  retired?: boolean;
}

/**
 * Cache entries expire after this, a backstop: a write on this instance clears the cache at once, and one on
 * another instance does when this instance's change feed reads its change record (within its 250 ms poll).
 * Drafts have no change record, so an admin's draft list may lag another instance by ADMIN_ANSWER_TTL_MS. A
 * reader's answer (published posts only) changes only with a change record, so its backstop is long: it covers a
 * change feed that could not read the database, and otherwise only adds re-reads (each a blocking query: for a
 * search matching most of 10,000 posts, tens of milliseconds every reader waits behind).
 */
export const ADMIN_ANSWER_TTL_MS = 2000;
export const PUBLIC_ANSWER_TTL_MS = 60_000;
const LIST_CACHE_MAX = 500;

/** Whether a cached answer may still be sent as it is. */
export const isCurrent = (entry: CachedList): boolean =>
  !entry.retired && Date.now() - entry.at < (entry.ttl ?? ADMIN_ANSWER_TTL_MS);

/** An answer encoded once, tagged by a hash of its bytes (and its total, which travels in X-Total-Count). */
export function encoded(value: unknown, total: number, at: number): CachedList {
  const body = new TextEncoder().encode(JSON.stringify(value));
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  return { body, hash: `${hash}.${total}`, total, at };
}

/**
 * An expired entry whose answer has not changed keeps its compressed bytes: the backstop's re-read every few seconds
 * then costs a query and a hash, not a brotli pass (tens of milliseconds on the event loop for a list of 20).
 */
function reuseIfSame(old: CachedList | undefined, fresh: CachedList): CachedList {
  if (!old || old.hash !== fresh.hash) return fresh;
  old.at = fresh.at;
  return old;
}

/**
 * Encoded answers by key, each computed once per change. Concurrent requests for an answer that is missing or
 * expired share one computation: a burst of readers right after a publish, or at an expiry, costs one query and
 * one encoding, not one each (every query on a file database blocks the event loop while it runs). A computation
 * that began before `clear()` (a write) is never kept after it, and later requests start their own.
 */
export class AnswerCache {
  readonly #entries = new Map<string, CachedList>();
  readonly #pending = new Map<string, Promise<CachedList>>();
  #generation = 0;

  clear(): void {
    this.#retireAll();
    this.#pending.clear();
    this.#generation++;
  }

  #retireAll(): void {
    for (const entry of this.#entries.values()) entry.retired = true;
    this.#entries.clear();
  }

  get(key: string, compute: (now: number) => Promise<CachedList>, ttl = ADMIN_ANSWER_TTL_MS): Promise<CachedList> {
    const hit = this.#entries.get(key);
    if (hit && isCurrent(hit)) return Promise.resolve(hit);
    const now = Date.now();
    const joined = this.#pending.get(key);
    if (joined) return joined;
    const generation = this.#generation;
    const pending: Promise<CachedList> = compute(now)
      .then((fresh) => {
        const entry = reuseIfSame(hit, fresh);
        entry.ttl = ttl;
        if (generation === this.#generation) {
          if (this.#entries.size >= LIST_CACHE_MAX) this.#retireAll();
          this.#entries.set(key, entry);
        } else {
          // A change arrived while it was read: the answer still goes to the requests that asked before the change,
          // but it is retired at once, so nothing that holds answers while they are current (the front cache) keeps
          // it; kept, it would never be retired with the cache's entries and would outlive the change.
          entry.retired = true;
        }
        return entry;
      })
      .finally(() => {
        if (this.#pending.get(key) === pending) this.#pending.delete(key);
      });
    this.#pending.set(key, pending);
    return pending;
  }
}

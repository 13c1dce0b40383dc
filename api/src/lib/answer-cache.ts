/**
 * Answers encoded once per change. A reader's list or article is read from the database and encoded once, then sent
 * as the same bytes (and compressed once per encoding) until a change retires it; the front cache (front-cache.ts)
 * replays those bytes in front of the router for as long as the answer is current. See
 * docs/decisions/005-answer-cache-and-front-cache.md.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

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
  /** The cache that keeps it, while it does: told of the bytes a compressed copy adds (see `encodedAs`). */
  holder?: { grew(bytes: number): void };
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

/**
 * The most one cache's answers may take, every encoding kept (identity, gzip, brotli) and a fixed cost per entry
 * counted. Without it, distinct queries (any limit up to 1,000, any offset, any search) let an anonymous client make
 * the cache hold gigabytes. A reader's list of 20 full posts of the realistic corpus (`bench/corpus.ts`, about 10 KB
 * a post) is about 210 KB, with 60 KB of brotli and 70 KB of gzip: 32 MiB keeps some 90 such lists, or the 500
 * articles an entry count allows (about 17 KB each with both compressed forms) four times over. The posts service's
 * two caches together stay under 64 MiB, a twentieth of the server's 1.5 GiB budget at 10,000 posts.
 */
export const ANSWER_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/**
 * An answer larger than this (a list of about a hundred full posts) is sent but not kept: one such answer would take
 * a thirtieth of the cache, and no reader's page asks for one. Concurrent requests for it still share one read.
 */
export const ANSWER_MAX_BYTES = 1024 * 1024;
const MAX_ENTRIES = 500;
/** What an entry costs beside its bytes (the entry object, its key, the map's slot): a generous estimate. */
const ENTRY_OVERHEAD_BYTES = 512;
/** How often a cache that is only read looks for stale entries (it also does whenever it keeps an answer). */
const SWEEP_EVERY_MS = 5000;

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
 * The answer's bytes in a coding (null: as encoded), compressed on first demand and kept with it. The cache that
 * holds the answer counts the compressed copy against its bound.
 */
export function encodedAs(entry: CachedList, coding: 'br' | 'gzip' | null): Uint8Array<ArrayBuffer> {
  if (coding === null) return entry.body;
  const kept = entry[coding];
  if (kept) return kept;
  const bytes = new Uint8Array(
    coding === 'br'
      ? brotliCompressSync(entry.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipSync(entry.body),
  );
  entry[coding] = bytes;
  entry.holder?.grew(bytes.byteLength);
  return bytes;
}

/** The bytes an entry takes in its cache. */
const sizeOf = (key: string, entry: CachedList): number =>
  ENTRY_OVERHEAD_BYTES +
  key.length +
  entry.body.byteLength +
  (entry.gzip?.byteLength ?? 0) +
  (entry.br?.byteLength ?? 0);

/**
 * An expired entry whose answer has not changed keeps its compressed bytes: the backstop's re-read every few seconds
 * then costs a query and a hash, not a brotli pass (tens of milliseconds on the event loop for a list of 20). A
 * retired entry is never brought back: copies of it elsewhere were told it is gone.
 */
function reuseIfSame(old: CachedList | undefined, fresh: CachedList): CachedList {
  if (!old || old.retired || old.hash !== fresh.hash) return fresh;
  old.at = fresh.at;
  return old;
}

/** The most a cache holds; the defaults are the constants above (tests use small ones). */
export interface AnswerCacheLimits {
  maxBytes?: number;
  maxAnswerBytes?: number;
  maxEntries?: number;
}

/**
 * Encoded answers by key, each computed once per change. Concurrent requests for an answer that is missing or
 * expired share one computation: a burst of readers right after a publish, or at an expiry, costs one query and
 * one encoding, not one each (every query on a file database blocks the event loop while it runs). A computation
 * that began before `clear()` (a write) is never kept after it, and later requests start their own.
 *
 * Bounded by bytes (`ANSWER_CACHE_MAX_BYTES`) and entries: the oldest answers go first. An entry expired for longer
 * than its lifetime again (not asked for since: kept meanwhile for `reuseIfSame`) is dropped by a sweep whenever an
 * answer is kept, and at most every few seconds while the cache is only read. Every answer that leaves, or is never
 * kept, is retired, so nothing that holds answers while they are current (the front cache) keeps it either.
 */
export class AnswerCache {
  readonly #entries = new Map<string, CachedList>();
  readonly #pending = new Map<string, Promise<CachedList>>();
  readonly #limits: Required<AnswerCacheLimits>;
  /** Told of a compressed copy added to a kept entry (`encodedAs`). */
  readonly #holder = { grew: (bytes: number) => this.#grew(bytes) };
  #generation = 0;
  #bytes = 0;
  #nextSweep = 0;

  constructor(limits: AnswerCacheLimits = {}) {
    this.#limits = {
      maxBytes: limits.maxBytes ?? ANSWER_CACHE_MAX_BYTES,
      maxAnswerBytes: limits.maxAnswerBytes ?? ANSWER_MAX_BYTES,
      maxEntries: limits.maxEntries ?? MAX_ENTRIES,
    };
  }

  /** What the kept answers take, in bytes (every encoding, and the per-entry estimate). */
  get bytes(): number {
    return this.#bytes;
  }

  /** How many answers are kept. */
  get size(): number {
    return this.#entries.size;
  }

  clear(): void {
    for (const [key, entry] of this.#entries) this.#drop(key, entry);
    this.#pending.clear();
    this.#generation++;
  }

  get(key: string, compute: (now: number) => Promise<CachedList>, ttl = ADMIN_ANSWER_TTL_MS): Promise<CachedList> {
    const now = Date.now();
    if (now >= this.#nextSweep) this.#sweep(now);
    const hit = this.#entries.get(key);
    if (hit && isCurrent(hit)) return Promise.resolve(hit);
    const joined = this.#pending.get(key);
    if (joined) return joined;
    const generation = this.#generation;
    const pending: Promise<CachedList> = compute(now)
      .then((fresh) => {
        const entry = reuseIfSame(hit, fresh);
        entry.ttl = ttl;
        if (generation === this.#generation && entry.body.byteLength <= this.#limits.maxAnswerBytes) {
          this.#keep(key, entry);
        } else {
          // A change arrived while it was read, or it is too large to keep: the answer still goes to the requests
          // that asked for it, but it is retired at once, so nothing that holds answers while they are current (the
          // front cache) keeps it; kept, it would outlive the change, or escape the bound.
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

  /** Keeps an answer as the newest, then drops what is stale and, oldest first, what exceeds the bounds. */
  #keep(key: string, entry: CachedList): void {
    const old = this.#entries.get(key);
    if (old) this.#forget(key, old);
    if (old && old !== entry) old.retired = true;
    this.#entries.set(key, entry);
    entry.holder = this.#holder;
    this.#bytes += sizeOf(key, entry);
    this.#sweep(Date.now());
    this.#fit();
  }

  #grew(bytes: number): void {
    this.#bytes += bytes;
    this.#fit();
  }

  /** Drops entries expired for longer than their lifetime again: nobody asked for them since they expired. */
  #sweep(now: number): void {
    this.#nextSweep = now + SWEEP_EVERY_MS;
    for (const [key, entry] of this.#entries) {
      if (now - entry.at >= 2 * (entry.ttl ?? ADMIN_ANSWER_TTL_MS)) this.#drop(key, entry);
    }
  }

  /** Drops the oldest entries until the cache is within its bounds. */
  #fit(): void {
    const { maxBytes, maxEntries } = this.#limits;
    for (const [key, entry] of this.#entries) {
      if (this.#bytes <= maxBytes && this.#entries.size <= maxEntries) return;
      this.#drop(key, entry);
    }
  }

  #drop(key: string, entry: CachedList): void {
    this.#forget(key, entry);
    entry.retired = true;
  }

  #forget(key: string, entry: CachedList): void {
    this.#bytes -= sizeOf(key, entry);
    this.#entries.delete(key);
    entry.holder = undefined;
  }
}

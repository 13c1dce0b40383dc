/**
 * Fixed-window limits for anonymous writes, kept in the database (`rate_limits`) so every instance counts
 * against the same allowance. Each hit is one conditional write per bucket (`INSERT … ON CONFLICT DO UPDATE …
 * WHERE`), so concurrent requests cannot exceed a limit. Keys are SHA-256 hashes: no address is stored in clear,
 * and a row lives only until its window is over (`purge`).
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';

export interface Limit {
  /** Stored as a hash of the key. */
  key: string;
  limit: number;
  windowMs: number;
}

export type RateLimitResult = { ok: true } | { ok: false; retryAfterS: number };

export const rateLimitKey = (key: string) =>
  createHash('sha256').update(`rate:${key}`).digest('base64url').slice(0, 32);

interface LimiterDeps {
  db: Db;
  clock: Clock;
}

/** Counts one request in a bucket unless it is full: the row comes back only when the request got a place. */
function hitStatement({ db }: LimiterDeps, l: Limit, now: number) {
  const expired = now - l.windowMs;
  return db.all<{ count: number }>(sql`
    INSERT INTO rate_limits (key, count, window_start) VALUES (${rateLimitKey(l.key)}, 1, ${now})
    ON CONFLICT(key) DO UPDATE SET
      count = CASE WHEN window_start <= ${expired} THEN 1 ELSE count + 1 END,
      window_start = CASE WHEN window_start <= ${expired} THEN ${now} ELSE window_start END
    WHERE window_start <= ${expired} OR count < ${l.limit}
    RETURNING count`);
}

/** Counts one request in every bucket; refused (with the seconds until the fullest bucket's window ends) when any is full. */
export async function hitLimits(deps: LimiterDeps, limits: Limit[]): Promise<RateLimitResult> {
  const { db, clock } = deps;
  const now = clock.now().getTime();
  const results = await db.batch(limits.map((l) => hitStatement(deps, l, now)) as [ReturnType<typeof hitStatement>]);
  const full = limits.filter((_, i) => (results[i] as { count: number }[]).length === 0);
  if (full.length === 0) return { ok: true };
  const rows = await db.all<{ key: string; window_start: number }>(
    sql`SELECT key, window_start FROM rate_limits WHERE key IN (${sql.join(
      full.map((l) => sql`${rateLimitKey(l.key)}`),
      sql`, `,
    )})`,
  );
  const started = new Map(rows.map((r) => [r.key, r.window_start]));
  const ends = full.map((l) => (started.get(rateLimitKey(l.key)) ?? now) + l.windowMs);
  return { ok: false, retryAfterS: Math.max(1, Math.ceil((Math.max(...ends) - now) / 1000)) };
}

/** Deletes the counters whose window ended more than `olderThanMs` ago. */
export async function purgeLimits({ db, clock }: LimiterDeps, olderThanMs: number): Promise<number> {
  const res = await db.run(sql`DELETE FROM rate_limits WHERE window_start < ${clock.now().getTime() - olderThanMs}`);
  return res.rowsAffected;
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

export function createRateLimiter(deps: LimiterDeps) {
  return {
    hit: (limits: Limit[]) => hitLimits(deps, limits),
    purge: (olderThanMs: number) => purgeLimits(deps, olderThanMs),
  };
}

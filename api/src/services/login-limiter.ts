/**
 * The sign-in limiter. Every attempt first reserves a place in each of its buckets with one conditional write
 * per bucket (all in one transaction), before any password work; a reservation past the bucket's limit is
 * refused, so however many guesses arrive at once, at most `limit` of them are ever verified per bucket.
 *
 * Buckets (README, "Security"):
 * - `userip:<username>|<ip>`: 5 attempts, then locked 1 min, doubling per episode up to 1 h;
 * - `ip:<ip>`: 20 attempts over all usernames, same locks;
 * - `global`: 60 attempts a minute from browsers the server does not know (a slow-down, not a lock-out);
 * - `device:<id>`: a browser that has signed in before has its own bucket (10 attempts) and is counted in no
 *   other, so someone else's guesses never lock the editor's own browser out.
 * A lock that expires lets exactly one more attempt through; failing it locks again for twice as long. A bucket
 * idle for an hour starts afresh. A successful sign-in gives its reservations back.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';

interface Policy {
  limit: number;
  /** No attempt for this long: the bucket starts afresh. */
  idleResetMs: number;
  baseLockMs: number;
  maxLockMs: number;
  /** Double the lock per episode. */
  escalate: boolean;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const LOGIN_POLICY = {
  userip: { limit: 5, idleResetMs: HOUR, baseLockMs: MINUTE, maxLockMs: HOUR, escalate: true },
  ip: { limit: 20, idleResetMs: HOUR, baseLockMs: MINUTE, maxLockMs: HOUR, escalate: true },
  global: { limit: 60, idleResetMs: MINUTE, baseLockMs: MINUTE, maxLockMs: MINUTE, escalate: false },
  device: { limit: 10, idleResetMs: HOUR, baseLockMs: MINUTE, maxLockMs: 15 * MINUTE, escalate: true },
} as const satisfies Record<string, Policy>;

export type BucketKind = keyof typeof LOGIN_POLICY;

export interface Lockout {
  kind: BucketKind;
  /** What the bucket is about, for people: "admin from 203.0.113.9", "203.0.113.9", "all new browsers". */
  subject: string;
  until: Date;
}

/** The buckets of one attempt: a remembered browser's own, or those of an address and username. */
export function attemptKeys(input: { username: string; ip: string; deviceId?: string | null }): string[] {
  if (input.deviceId) return [`device:${input.deviceId}`];
  const user = input.username.trim().toLowerCase().slice(0, 200);
  return [`userip:${user}|${input.ip}`, `ip:${input.ip}`, 'global'];
}

function kindOf(key: string): BucketKind {
  const kind = key.split(':')[0] as BucketKind;
  return kind in LOGIN_POLICY ? kind : 'global';
}

function subjectOf(key: string): string {
  const kind = kindOf(key);
  const rest = key.slice(kind.length + 1);
  if (kind === 'userip') return rest.replace('|', ' from ');
  if (kind === 'device') return 'a remembered browser';
  if (kind === 'global') return 'all browsers not seen before';
  return rest;
}

interface LimiterDeps {
  db: Db;
  clock: Clock;
  /** Told once per lock episode, by the attempt that started it. */
  onLockout?: (lockout: Lockout) => void | Promise<void>;
}

const keyList = (keys: string[]) =>
  sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  );

/** Counts one attempt in a bucket, unless it is locked: the row comes back only when the attempt got a place. */
function reserveStatement({ db }: LimiterDeps, key: string, now: number) {
  const p: Policy = LOGIN_POLICY[kindOf(key)];
  return db.all<{ failures: number }>(sql`
    INSERT INTO login_attempts (key, failures, window_start, locked_until, lockouts, updated_at)
    VALUES (${key}, 1, ${now}, NULL, 0, ${now})
    ON CONFLICT(key) DO UPDATE SET
      failures = CASE
        WHEN updated_at <= ${now - p.idleResetMs} THEN 1
        WHEN locked_until IS NOT NULL THEN ${p.limit}
        ELSE failures + 1 END,
      window_start = CASE WHEN updated_at <= ${now - p.idleResetMs} THEN ${now} ELSE window_start END,
      lockouts = CASE WHEN updated_at <= ${now - 24 * HOUR} THEN 0 ELSE lockouts END,
      locked_until = NULL,
      updated_at = ${now}
    WHERE locked_until IS NULL OR locked_until <= ${now}
    RETURNING failures`);
}

/** Starts a lock on a bucket unless one is running; only the attempt that starts it reports the episode. */
async function lock(deps: LimiterDeps, key: string, now: number): Promise<void> {
  const p: Policy = LOGIN_POLICY[kindOf(key)];
  const factor = p.escalate ? sql`(1 << MIN(lockouts, 20))` : sql`1`;
  const rows = await deps.db.all<{ locked_until: number }>(sql`
    UPDATE login_attempts SET locked_until = ${now} + MIN(${p.baseLockMs} * ${factor}, ${p.maxLockMs}), lockouts = lockouts + 1
    WHERE key = ${key} AND (locked_until IS NULL OR locked_until <= ${now})
    RETURNING locked_until`);
  if (rows[0]) {
    await deps.onLockout?.({ kind: kindOf(key), subject: subjectOf(key), until: new Date(rows[0].locked_until) });
  }
}

/** The 429, with the seconds until the latest lock of the attempt's buckets ends. */
async function refuse({ db }: LimiterDeps, keys: string[], now: number): Promise<never> {
  const rows = await db.all<{ locked_until: number | null }>(
    sql`SELECT locked_until FROM login_attempts WHERE key IN (${keyList(keys)})`,
  );
  const until = Math.max(now + 1000, ...rows.map((r) => r.locked_until ?? 0));
  const retryAfter = Math.ceil((until - now) / 1000);
  throw new AppError(429, `Too many failed login attempts. Try again in ${retryAfter} seconds.`, {
    headers: { 'Retry-After': String(retryAfter) },
  });
}

/**
 * Reserves one attempt in every bucket, or answers 429 (with Retry-After) when any bucket is locked or full.
 * Call before verifying anything; then `failed` or `release` with the same keys.
 */
export async function reserveAttempt(deps: LimiterDeps, keys: string[]): Promise<void> {
  const now = deps.clock.now().getTime();
  const statements = keys.map((k) => reserveStatement(deps, k, now));
  const results = await deps.db.batch(statements as [ReturnType<typeof reserveStatement>]);
  let refused = false;
  for (const [i, key] of keys.entries()) {
    const failures = (results[i] as { failures: number }[])[0]?.failures;
    if (failures === undefined) refused = true;
    else if (failures > LOGIN_POLICY[kindOf(key)].limit) {
      refused = true;
      await lock(deps, key, now);
    }
  }
  if (refused) await refuse(deps, keys, now);
}

/** A verification failed: every bucket that has used its allowance locks. */
export async function attemptFailed(deps: LimiterDeps, keys: string[]): Promise<void> {
  const now = deps.clock.now().getTime();
  const rows = await deps.db.all<{ key: string; failures: number }>(
    sql`SELECT key, failures FROM login_attempts WHERE key IN (${keyList(keys)})`,
  );
  for (const row of rows) if (row.failures >= LOGIN_POLICY[kindOf(row.key)].limit) await lock(deps, row.key, now);
}

/** A sign-in succeeded: the account's buckets start afresh; shared ones give back this attempt. */
export async function releaseAttempt({ db }: LimiterDeps, keys: string[]): Promise<void> {
  await db.batch(
    keys.map((key) =>
      kindOf(key) === 'userip' || kindOf(key) === 'device'
        ? db.run(sql`DELETE FROM login_attempts WHERE key = ${key}`)
        : db.run(sql`UPDATE login_attempts SET failures = MAX(failures - 1, 0) WHERE key = ${key}`),
    ) as [ReturnType<typeof db.run>],
  );
}

export type LoginLimiter = ReturnType<typeof createLoginLimiter>;

export function createLoginLimiter(deps: LimiterDeps) {
  return {
    reserve: (keys: string[]) => reserveAttempt(deps, keys),
    failed: (keys: string[]) => attemptFailed(deps, keys),
    release: (keys: string[]) => releaseAttempt(deps, keys),
  };
}

/**
 * Verified sessions kept in memory for a short bound, so a signed-in request costs no database round trip (on a
 * remote libSQL server each one costs milliseconds). A session ended here (logout, "End", another session's password
 * change) is forgotten at once; one ended on another instance stops working here within `ttlMs` (SESSION_CACHE_MS,
 * README "Several instances"). Only sessions that verified are kept, keyed by a SHA-256 of the whole cookie, so a
 * forged cookie never hits and the cookie itself is not held.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { validateSession, type SessionUser } from './sessions.ts';

/** More verified sessions than one administrator's devices will ever have; the oldest go first. */
const MAX_ENTRIES = 1000;

interface CacheDeps {
  db: Db;
  clock: Clock;
  ttlMs: number;
  /** Verified sessions by a SHA-256 of the cookie, oldest first. */
  entries: Map<string, { user: SessionUser; cachedAt: number }>;
}

const keyOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * The session's user, from memory when verified within the bound, else from the database (and kept). `fresh`
 * skips memory (the browser just changed something the database may know better, e.g. a logout elsewhere).
 */
export async function validateCached(
  { db, clock, ttlMs, entries }: CacheDeps,
  token: string | undefined,
  opts: { fresh?: boolean } = {},
): Promise<SessionUser | null> {
  if (!token || token.length > 200) return validateSession(db, clock, token);
  const key = keyOf(token);
  const now = clock.now().getTime();
  const hit = opts.fresh ? undefined : entries.get(key);
  if (hit && now - hit.cachedAt < ttlMs && hit.user.expiresAt.getTime() > now) return { ...hit.user, renewed: false };
  entries.delete(key);
  const user = await validateSession(db, clock, token);
  if (user && ttlMs > 0) {
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    entries.set(key, { user, cachedAt: now });
  }
  return user;
}

/** Forgets one session (ended here). */
export function forgetSession({ entries }: CacheDeps, sessionId: string): void {
  for (const [key, e] of entries) if (e.user.sessionId === sessionId) entries.delete(key);
}

/** Forgets every session of a user but one (its other sessions were ended here). */
export function forgetUser({ entries }: CacheDeps, userId: number, keepSessionId?: string): void {
  for (const [key, e] of entries) {
    if (e.user.userId === userId && e.user.sessionId !== keepSessionId) entries.delete(key);
  }
}

export type SessionCache = ReturnType<typeof createSessionCache>;

export function createSessionCache(deps: Omit<CacheDeps, 'entries'>) {
  const cache: CacheDeps = { ...deps, entries: new Map() };
  return {
    validate: (token: string | undefined, opts?: { fresh?: boolean }) => validateCached(cache, token, opts),
    forgetSession: (sessionId: string) => forgetSession(cache, sessionId),
    forgetUser: (userId: number, keepSessionId?: string) => forgetUser(cache, userId, keepSessionId),
  };
}

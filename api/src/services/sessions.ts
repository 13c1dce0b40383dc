/**
 * Sessions, after the Lucia guide (the `lucia` package itself is deprecated).
 *
 * - The token is `<id>.<secret>`: a 128-bit random id used to find the row, and a 256-bit random secret.
 *   Only SHA-256 of the secret is stored, so a leaked database cannot be replayed as cookies.
 * - The secret hash is compared with timingSafeEqual so response time says nothing about how much matched.
 * - Sessions last 30 days and slide: once past half-life, a request extends it to a fresh 30 days.
 * - Logout deletes the row; an expired row is deleted when seen.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';

export const SESSION_COOKIE = 'session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface SessionUser {
  sessionId: string;
  userId: number;
  username: string;
  expiresAt: Date;
  /** True when the expiry moved, so the cookie must be sent again. */
  renewed: boolean;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest();

/** Creates a session for a user and returns the cookie token (never stored). */
export async function createSession(db: Db, clock: Clock, userId: number): Promise<{ token: string; expiresAt: Date }> {
  const id = randomBytes(16).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  const expiresAt = new Date(clock.now().getTime() + SESSION_TTL_MS);
  await db.insert(sessions).values({ id, secretHash: sha256(secret).toString('hex'), userId, expiresAt });
  return { token: `${id}.${secret}`, expiresAt };
}

/** Resolves a cookie token to its user, renewing it past half-life; null for anything invalid or expired. */
export async function validateSession(db: Db, clock: Clock, token: string | undefined): Promise<SessionUser | null> {
  if (!token) return null;
  const [id, secret, extra] = token.split('.');
  if (!id || !secret || extra !== undefined || !/^[0-9a-f]{32}$/.test(id)) return null;
  const [row] = await db
    .select({ id: sessions.id, secretHash: sessions.secretHash, userId: sessions.userId, expiresAt: sessions.expiresAt, username: users.username })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id))
    .limit(1);
  if (!row) return null;
  const stored = Buffer.from(row.secretHash, 'hex');
  const given = sha256(secret);
  if (stored.length !== given.length || !timingSafeEqual(stored, given)) return null;
  const now = clock.now().getTime();
  if (row.expiresAt.getTime() <= now) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  let expiresAt = row.expiresAt;
  let renewed = false;
  if (expiresAt.getTime() - now < SESSION_TTL_MS / 2) {
    expiresAt = new Date(now + SESSION_TTL_MS);
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
    renewed = true;
  }
  return { sessionId: id, userId: row.userId, username: row.username, expiresAt, renewed };
}

/** Ends a session (logout). */
export async function invalidateSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/**
 * Sessions, after the Lucia guide (the `lucia` package itself is deprecated).
 *
 * - The token is `<id>.<secret>`: a 128-bit random id used to find the row, and a 256-bit random secret.
 *   Only SHA-256 of the secret is stored, so a leaked database cannot be replayed as cookies.
 * - The secret hash is compared with timingSafeEqual so response time says nothing about how much matched.
 * - Sessions last 30 days and slide: once past half-life, a request extends it to a fresh 30 days.
 * - Logout deletes the row; an expired row is deleted when seen.
 * - Each session keeps the device and address it signed in from and when it was last used (written at most once a
 *   minute), so the editor can see and end sessions; the list names them by a public handle, never the cookie's id.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { SessionInfo } from 'content-schema/auth';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** How stale `lastUsedAt` may get before a request writes it again. */
export const LAST_USED_RESOLUTION_MS = 60_000;

export interface SessionUser {
  sessionId: string;
  userId: number;
  username: string;
  expiresAt: Date;
  /** True when the expiry moved, so the cookie must be sent again. */
  renewed: boolean;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest();

/** Where a session was opened from, as shown in the session list. */
export interface SessionOrigin {
  device?: string | null;
  ip?: string | null;
}

/** Creates a session for a user and returns the cookie token (never stored), and the id to end it by. */
export async function createSession(
  db: Db,
  clock: Clock,
  userId: number,
  origin: SessionOrigin = {},
): Promise<{ id: string; token: string; expiresAt: Date }> {
  const id = randomBytes(16).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.insert(sessions).values({
    id,
    secretHash: sha256(secret).toString('hex'),
    userId,
    expiresAt,
    createdAt: now,
    lastUsedAt: now,
    device: origin.device ?? null,
    ip: origin.ip ?? null,
  });
  return { id, token: `${id}.${secret}`, expiresAt };
}

/** The list's name for a session: derived from its id, useless as a cookie. */
export const sessionHandle = (id: string) =>
  createHash('sha256').update(`handle:${id}`).digest('base64url').slice(0, 22);

/** Resolves a cookie token to its user, renewing it past half-life; null for anything invalid or expired. */
export async function validateSession(db: Db, clock: Clock, token: string | undefined): Promise<SessionUser | null> {
  if (!token) return null;
  const [id, secret, extra] = token.split('.');
  if (!id || !secret || extra !== undefined || !/^[0-9a-f]{32}$/.test(id)) return null;
  const [row] = await db
    .select({
      id: sessions.id,
      secretHash: sessions.secretHash,
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      lastUsedAt: sessions.lastUsedAt,
      username: users.username,
    })
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
  const renewed = expiresAt.getTime() - now < SESSION_TTL_MS / 2;
  if (renewed) expiresAt = new Date(now + SESSION_TTL_MS);
  if (renewed || (row.lastUsedAt?.getTime() ?? 0) <= now - LAST_USED_RESOLUTION_MS) {
    await db
      .update(sessions)
      .set({ expiresAt, lastUsedAt: new Date(now) })
      .where(eq(sessions.id, id));
  }
  return { sessionId: id, userId: row.userId, username: row.username, expiresAt, renewed };
}

/** Ends a session (logout). */
export async function invalidateSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** The user's live sessions, most recently used first, the caller's own flagged. */
export async function listSessions(db: Db, clock: Clock, userId: number, currentId: string): Promise<SessionInfo[]> {
  const rows = await db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.lastUsedAt));
  const now = clock.now().getTime();
  return rows
    .filter((r) => r.expiresAt.getTime() > now)
    .map((r) => ({
      id: sessionHandle(r.id),
      current: r.id === currentId,
      device: r.device ?? 'Unknown device',
      ip: r.ip,
      createdAt: r.createdAt.toISOString(),
      lastUsedAt: (r.lastUsedAt ?? r.createdAt).toISOString(),
      expiresAt: r.expiresAt.toISOString(),
    }));
}

/** Ends one of the user's sessions by its handle; false when there is no such session. */
export async function revokeSession(
  db: Db,
  userId: number,
  handle: string,
): Promise<{ sessionId: string; device: string | null } | null> {
  const rows = await db
    .select({ id: sessions.id, device: sessions.device })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  const row = rows.find((r) => sessionHandle(r.id) === handle);
  if (!row) return null;
  await db.delete(sessions).where(eq(sessions.id, row.id));
  return { sessionId: row.id, device: row.device };
}

/** Ends every session of the user but the given one; returns how many ended. */
export async function revokeOtherSessions(db: Db, userId: number, keepId: string): Promise<number> {
  const res = await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)));
  return res.rowsAffected;
}

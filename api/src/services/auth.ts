import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loginAttempts, users } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';
import { generatePassword, hashPassword, verifyPassword } from '../lib/password.ts';
import { createSession } from './sessions.ts';

/** Failures allowed per key before a lockout; each further failure doubles it, up to a cap. */
export const LOGIN_LIMIT = { freeFailures: 5, baseLockMs: 60_000, maxLockMs: 60 * 60_000 } as const;

export const INVALID_CREDENTIALS = 'Invalid username or password.';

/**
 * Makes sure the single administrator exists. With a configured password it is (re)hashed when it changed;
 * without one a strong password is generated and returned once so the caller can print it.
 */
export async function ensureAdmin(db: Db, username: string, password?: string): Promise<{ generatedPassword?: string }> {
  const [existing] = await db.select().from(users).limit(1);
  if (existing) {
    const sameName = existing.username === username;
    const samePassword = !password || (await verifyPassword(password, existing.passwordHash));
    if (!sameName || !samePassword) {
      await db
        .update(users)
        .set({ username, ...(password && !samePassword ? { passwordHash: await hashPassword(password) } : {}) })
        .where(eq(users.id, existing.id));
    }
    return {};
  }
  const generatedPassword = password ? undefined : generatePassword();
  await db.insert(users).values({ username, passwordHash: await hashPassword(password ?? generatedPassword!) });
  return { generatedPassword };
}

function lockDuration(failures: number): number {
  const over = failures - LOGIN_LIMIT.freeFailures;
  if (over < 0) return 0;
  return Math.min(LOGIN_LIMIT.baseLockMs * 2 ** over, LOGIN_LIMIT.maxLockMs);
}

export interface LoginResult {
  token: string;
  expiresAt: Date;
  username: string;
}

/**
 * Checks credentials with per-IP and per-username limits kept in the database.
 * A locked key answers 429 with Retry-After before the password is even checked,
 * so a locked account cannot be probed.
 */
export async function login(
  db: Db,
  clock: Clock,
  input: { username: string; password: string; ip: string },
  onLockout?: (key: string, until: Date) => void,
): Promise<LoginResult> {
  const now = clock.now();
  const keys = [`ip:${input.ip}`, `user:${input.username.toLowerCase()}`];
  const rows = await db.select().from(loginAttempts).where(inArray(loginAttempts.key, keys));
  const lockedUntil = Math.max(0, ...rows.map((r) => r.lockedUntil?.getTime() ?? 0));
  if (lockedUntil > now.getTime()) {
    const retryAfter = Math.ceil((lockedUntil - now.getTime()) / 1000);
    throw new AppError(429, `Too many failed login attempts. Try again in ${retryAfter} seconds.`, {
      headers: { 'Retry-After': String(retryAfter) },
    });
  }

  const [user] = await db.select().from(users).where(eq(users.username, input.username)).limit(1);
  // Verify against a dummy hash when the user is unknown so timing does not reveal valid usernames.
  const ok = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !ok) {
    for (const key of keys) {
      const [row] = await db
        .insert(loginAttempts)
        .values({ key, failures: 1, updatedAt: now })
        .onConflictDoUpdate({ target: loginAttempts.key, set: { failures: sql`${loginAttempts.failures} + 1`, updatedAt: now } })
        .returning();
      const lock = lockDuration(row!.failures);
      if (lock > 0) {
        const until = new Date(now.getTime() + lock);
        await db.update(loginAttempts).set({ lockedUntil: until }).where(eq(loginAttempts.key, key));
        onLockout?.(key, until);
      }
    }
    throw new AppError(401, INVALID_CREDENTIALS);
  }

  await db.delete(loginAttempts).where(inArray(loginAttempts.key, keys));
  const session = await createSession(db, clock, user.id);
  return { ...session, username: user.username };
}

// A valid Argon2id hash of a random string, used only to spend equal time on unknown usernames.
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$3Zy2kcpbS0VzVRMp5R1BOb/TbEfMb5tQ0Qz1GhRBEzM';

/**
 * Sign-in with the limiter (login-limiter.ts), remembered devices, the second factor and the security log.
 * The password is verified only after the attempt is reserved; with the second factor on, a right password
 * yields a 5-minute challenge, never a session.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { CHALLENGE_EXPIRED_MESSAGE, INVALID_CODE_MESSAGE, WRONG_PASSWORD_MESSAGE } from 'content-schema/auth';
import type { Db } from '../db/client.ts';
import { knownDevices, loginChallenges, users } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';
import { generatePassword, hashPassword, verifyPassword } from '../lib/password.ts';
import { attemptKeys, type LoginLimiter } from './login-limiter.ts';
import type { SecurityLog } from './security-log.ts';
import { createSession, invalidateSession, revokeOtherSessions } from './sessions.ts';
import { endChallenges, type TwoFactor } from './two-factor.ts';

export const INVALID_CREDENTIALS = 'Invalid username or password.';
export const CHALLENGE_TTL_MS = 5 * 60_000;
export const CHALLENGE_MAX_CODES = 5;
export const DEVICE_TTL_MS = 365 * 24 * 60 * 60_000;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * Makes sure the single administrator exists. With a configured password it is (re)hashed when it changed;
 * without one a strong password is generated and returned once so the caller can print it.
 */
export async function ensureAdmin(
  db: Db,
  username: string,
  password?: string,
): Promise<{ generatedPassword?: string }> {
  const [existing] = await db.select().from(users).limit(1);
  if (existing) {
    const sameName = existing.username === username;
    const samePassword = !password || (await verifyPassword(password, existing.passwordHash));
    if (!sameName || !samePassword) {
      await db.batch([
        db
          .update(users)
          .set({ username, ...(password && !samePassword ? { passwordHash: await hashPassword(password) } : {}) })
          .where(eq(users.id, existing.id)),
        // A password reset from the environment is a password change: a challenge issued before it ends.
        endChallenges(db, existing.id),
      ]);
    }
    return {};
  }
  const generatedPassword = password ? undefined : generatePassword();
  await db.insert(users).values({ username, passwordHash: await hashPassword(password ?? generatedPassword!) });
  return { generatedPassword };
}

/** Who is asking: the address (after TRUST_PROXY), the device label, and the device cookie if the browser has one. */
export interface Requester {
  ip: string;
  device: string;
  deviceToken?: string;
}

export interface SignedIn {
  kind: 'session';
  token: string;
  expiresAt: Date;
  username: string;
  /** A new device cookie when the browser had none (or an invalid one). */
  device?: { token: string; expiresAt: Date };
}

export type LoginOutcome = SignedIn | { kind: 'challenge'; challenge: string };

/** What sign-in works with. */
export interface AuthDeps {
  db: Db;
  clock: Clock;
  limiter: LoginLimiter;
  twoFactor: TwoFactor;
  log: SecurityLog;
}

/** The remembered device a cookie names, if it is genuine and belongs to this user. */
async function knownDevice(
  { db }: AuthDeps,
  token: string | undefined,
  userId: number | undefined,
): Promise<string | null> {
  const [id, secret, extra] = (token ?? '').split('.');
  if (!userId || !id || !secret || extra !== undefined || !/^[0-9a-f]{32}$/.test(id)) return null;
  const [row] = await db.select().from(knownDevices).where(eq(knownDevices.id, id));
  if (!row || row.userId !== userId) return null;
  const given = Buffer.from(sha256(secret));
  const stored = Buffer.from(row.secretHash);
  return given.length === stored.length && timingSafeEqual(given, stored) ? id : null;
}

/** Notes a remembered device's visit, or remembers a new one: its cookie is answered once, only its hash kept. */
async function rememberDevice(
  { db, clock }: AuthDeps,
  userId: number,
  existing: string | null,
): Promise<SignedIn['device']> {
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + DEVICE_TTL_MS);
  if (existing) {
    await db.update(knownDevices).set({ lastSeenAt: now }).where(eq(knownDevices.id, existing));
    return undefined;
  }
  const id = randomBytes(16).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  await db.insert(knownDevices).values({ id, secretHash: sha256(secret), userId, lastSeenAt: now, createdAt: now });
  return { token: `${id}.${secret}`, expiresAt };
}

/** A new session for the requester (its cookie is handed out by `signedInWith`). */
const newSession = (deps: AuthDeps, userId: number, who: Requester) =>
  createSession(deps.db, deps.clock, userId, { device: who.device, ip: who.ip });

/** Hands out a session made for the requester: remembers the browser and records the sign-in. */
async function signedInWith(
  deps: AuthDeps,
  session: { token: string; expiresAt: Date },
  user: { id: number; username: string },
  who: Requester,
  deviceId: string | null,
  how: string,
): Promise<SignedIn> {
  const device = await rememberDevice(deps, user.id, deviceId);
  await deps.log.record({
    type: 'sign_in',
    detail: `Signed in ${how}${deviceId ? ' on a remembered browser' : ''}`,
    ip: who.ip,
    device: who.device,
  });
  return { kind: 'session', token: session.token, expiresAt: session.expiresAt, username: user.username, device };
}

/**
 * Stores a challenge for a password just verified, only while the user's password and second factor are still the
 * ones it was verified against: one conditional write, evaluated by the database, so a password change or a change
 * of the second factor that lands during the password work (which also ends the challenges stored before it) cannot
 * be followed by a challenge for the old credentials. False when they changed.
 */
async function issueChallenge(
  { db, clock }: AuthDeps,
  user: { id: number; passwordHash: string; totpSecret: string },
  challenge: { id: string; keys: string[]; ip: string; deviceId: string | null },
): Promise<boolean> {
  const expiresAt = clock.now().getTime() + CHALLENGE_TTL_MS;
  // The selected fields follow the table's column order (drizzle checks it).
  const res = await db.insert(loginChallenges).select(
    db
      .select({
        idHash: sql<string>`${sha256(challenge.id)}`.as('id_hash'),
        userId: users.id,
        attempts: sql<number>`0`.as('attempts'),
        keys: sql<string>`${JSON.stringify(challenge.keys)}`.as('keys'),
        ip: sql<string>`${challenge.ip}`.as('ip'),
        device: sql<string | null>`${challenge.deviceId}`.as('device'),
        expiresAt: sql<number>`${expiresAt}`.as('expires_at'),
      })
      .from(users)
      .where(
        and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash), eq(users.totpSecret, user.totpSecret)),
      ),
  );
  return res.rowsAffected === 1;
}

/** Step one: username and password. */
export async function login(
  deps: AuthDeps,
  input: { username: string; password: string },
  who: Requester,
): Promise<LoginOutcome> {
  const { db, limiter, log } = deps;
  const [user] = await db.select().from(users).where(eq(users.username, input.username)).limit(1);
  const deviceId = await knownDevice(deps, who.deviceToken, user?.id);
  const keys = attemptKeys({ username: input.username, ip: who.ip, deviceId });
  await limiter.reserve(keys);

  // Verify against a dummy hash when the user is unknown so timing does not reveal valid usernames.
  const ok = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !ok) {
    await log.record({
      type: 'sign_in_failed',
      detail: `Wrong password for “${input.username.slice(0, 100)}”`,
      ip: who.ip,
      device: who.device,
    });
    await limiter.failed(keys);
    throw new AppError(401, INVALID_CREDENTIALS);
  }

  if (user.totpSecret) {
    const challenge = randomBytes(32).toString('base64url');
    const issued = await issueChallenge(
      deps,
      { ...user, totpSecret: user.totpSecret },
      {
        id: challenge,
        keys,
        ip: who.ip,
        deviceId,
      },
    );
    // The password changed while it was being verified: it is no longer the right one.
    if (!issued) throw new AppError(401, INVALID_CREDENTIALS);
    // The attempt stays reserved until the code is right: a stolen password alone keeps using up the allowance.
    return { kind: 'challenge', challenge };
  }
  await limiter.release(keys);
  return signedInWith(deps, await newSession(deps, user.id, who), user, who, deviceId, 'with password');
}

/** Counts one code against a live challenge; null when it is unknown, expired or has had its codes. */
async function claimChallenge({ db, clock }: AuthDeps, challenge: string) {
  const now = clock.now();
  await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, now));
  const [row] = await db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(
      and(
        eq(loginChallenges.idHash, sha256(challenge)),
        gt(loginChallenges.expiresAt, now),
        lt(loginChallenges.attempts, CHALLENGE_MAX_CODES),
      ),
    )
    .returning();
  return row ?? null;
}

/** Step two: the challenge from step one and a code from the app (or a recovery code). */
export async function verifyChallenge(
  deps: AuthDeps,
  input: { challenge: string; code: string },
  who: Requester,
): Promise<SignedIn> {
  const { db, limiter, twoFactor, log } = deps;
  const row = await claimChallenge(deps, input.challenge);
  if (!row) throw new AppError(401, CHALLENGE_EXPIRED_MESSAGE);
  const how = await twoFactor.verify(row.userId, input.code);
  if (!how) {
    await log.record({ type: 'sign_in_failed', detail: 'Wrong authentication code', ip: who.ip, device: who.device });
    if (row.attempts >= CHALLENGE_MAX_CODES) {
      await db.delete(loginChallenges).where(eq(loginChallenges.idHash, row.idHash));
    }
    throw new AppError(401, INVALID_CODE_MESSAGE);
  }
  const [user] = await db.select().from(users).where(eq(users.id, row.userId));
  if (!user) throw new AppError(401, CHALLENGE_EXPIRED_MESSAGE);
  // The session is made first and the challenge spent after, by one conditional delete: only the request that
  // deletes it hands out its session. Two valid codes sent at once open one session, and a credential change (which
  // deletes the user's challenges in its own write) either came first, and this one is refused, or comes after the
  // sign-in was complete; a password change then ends this session with the others.
  const session = await newSession(deps, user.id, who);
  const spent = await db.delete(loginChallenges).where(eq(loginChallenges.idHash, row.idHash));
  if (spent.rowsAffected !== 1) {
    await invalidateSession(db, session.id);
    throw new AppError(401, CHALLENGE_EXPIRED_MESSAGE);
  }
  await limiter.release(row.keys);
  if (how === 'recovery') {
    const { recoveryCodesLeft } = await twoFactor.status(user.id);
    await log.record({
      type: 'recovery_code_used',
      detail: `A recovery code was used to sign in (${recoveryCodesLeft} left)`,
      ip: who.ip,
      device: who.device,
    });
  }
  const by = how === 'totp' ? 'with password and authentication code' : 'with password and recovery code';
  return signedInWith(deps, session, user, who, row.device, by);
}

/**
 * Re-checks the signed-in user's password before a sensitive change, through the same limiter as sign-in
 * (a stolen session cannot be used to guess the password faster than the login form allows).
 */
export async function confirmPassword(
  { db, limiter }: AuthDeps,
  userId: number,
  password: string,
  who: Requester,
): Promise<{ id: number; username: string }> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError(401, 'Authentication required');
  const keys = attemptKeys({ username: user.username, ip: who.ip });
  await limiter.reserve(keys);
  if (!(await verifyPassword(password, user.passwordHash))) {
    await limiter.failed(keys);
    throw new AppError(400, WRONG_PASSWORD_MESSAGE);
  }
  await limiter.release(keys);
  return user;
}

/**
 * Changes the password and ends every other session, and every pending challenge (a sign-in with the old password
 * waiting for its code); the caller's session stays. The challenges end in the same write as the password, before
 * the sessions: see verifyChallenge for why that order.
 */
export async function changePassword(
  deps: AuthDeps,
  current: { userId: number; sessionId: string },
  input: { currentPassword: string; newPassword: string },
  who: Requester,
): Promise<number> {
  const { db, log } = deps;
  await confirmPassword(deps, current.userId, input.currentPassword, who);
  const passwordHash = await hashPassword(input.newPassword);
  await db.batch([
    db.update(users).set({ passwordHash }).where(eq(users.id, current.userId)),
    endChallenges(db, current.userId),
  ]);
  const ended = await revokeOtherSessions(db, current.userId, current.sessionId);
  await log.record({
    type: 'password_changed',
    detail: `Password changed; ${ended} other session${ended === 1 ? '' : 's'} ended`,
    ip: who.ip,
    device: who.device,
  });
  return ended;
}

/** A code of the active second factor, for turning it off or renewing recovery codes. */
export async function confirmCode({ twoFactor }: AuthDeps, userId: number, code: string): Promise<void> {
  if (!(await twoFactor.verify(userId, code))) throw new AppError(400, INVALID_CODE_MESSAGE);
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: AuthDeps) {
  return {
    login: (input: { username: string; password: string }, who: Requester) => login(deps, input, who),
    verifyChallenge: (input: { challenge: string; code: string }, who: Requester) => verifyChallenge(deps, input, who),
    confirmPassword: (userId: number, password: string, who: Requester) => confirmPassword(deps, userId, password, who),
    confirmCode: (userId: number, code: string) => confirmCode(deps, userId, code),
    changePassword: (
      current: { userId: number; sessionId: string },
      input: { currentPassword: string; newPassword: string },
      who: Requester,
    ) => changePassword(deps, current, input, who),
  };
}

// A valid Argon2id hash of a random string, used only to spend equal time on unknown usernames.
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$3Zy2kcpbS0VzVRMp5R1BOb/TbEfMb5tQ0Qz1GhRBEzM';

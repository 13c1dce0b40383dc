/**
 * The second factor: TOTP (RFC 6238, 30-second steps, 6 digits, SHA-1 as every authenticator app expects) through
 * @oslojs/otp, with ten single-use recovery codes stored as SHA-256.
 *
 * A code is accepted for the current step or one either side (clock drift), and never twice: the last accepted step
 * is kept per user and moved forward with a conditional write, so a code seen by a shoulder-surfer or replayed by
 * two concurrent requests signs in at most once.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { decodeBase32IgnorePadding, encodeBase32UpperCaseNoPadding } from '@oslojs/encoding';
import { createTOTPKeyURI, generateHOTP } from '@oslojs/otp';
import type { Db } from '../db/client.ts';
import { loginChallenges, recoveryCodes, users } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;
const ISSUER = 'Northwire';
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** A fresh 160-bit secret (RFC 4226's recommended length) and the otpauth URI an app scans. */
export function newTotpSecret(username: string): { secret: string; uri: string } {
  const key = randomBytes(20);
  return {
    secret: encodeBase32UpperCaseNoPadding(key),
    uri: createTOTPKeyURI(ISSUER, username, key, TOTP_STEP_SECONDS, TOTP_DIGITS),
  };
}

/** The code an app shows for a secret at a time (tests and the enrolment check use it). */
export function totpAt(secret: string, at: Date): string {
  const step = BigInt(Math.floor(at.getTime() / 1000 / TOTP_STEP_SECONDS));
  return generateHOTP(decodeBase32IgnorePadding(secret), step, TOTP_DIGITS);
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The 30-second step a 6-digit code matches (now, or one step either side), or null. */
function matchingStep(secret: string, code: string, now: Date): number | null {
  const digits = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(digits)) return null;
  const key = decodeBase32IgnorePadding(secret);
  const current = Math.floor(now.getTime() / 1000 / TOTP_STEP_SECONDS);
  for (const step of [current, current - 1, current + 1]) {
    if (sameText(generateHOTP(key, BigInt(step), TOTP_DIGITS), digits)) return step;
  }
  return null;
}

/** `abcde-fghij`: 50 random bits, easy to read out and type. */
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => BASE32[b & 31]!).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

const normaliseRecoveryCode = (code: string) => code.trim().toLowerCase().replace(/[\s-]/g, '');

interface TwoFactorDeps {
  db: Db;
  clock: Clock;
}

/** Accepts a TOTP code for `secret` once: the step must be newer than the last accepted one. */
async function acceptTotp(
  { db, clock }: TwoFactorDeps,
  userId: number,
  secret: string,
  code: string,
): Promise<boolean> {
  const step = matchingStep(secret, code, clock.now());
  if (step === null) return false;
  const res = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))));
  return res.rowsAffected === 1;
}

/** Uses up a recovery code; true once per code. */
async function acceptRecoveryCode({ db, clock }: TwoFactorDeps, userId: number, code: string): Promise<boolean> {
  const normalised = normaliseRecoveryCode(code);
  if (!/^[a-z2-7]{10}$/.test(normalised)) return false;
  const hash = sha256(`${normalised.slice(0, 5)}-${normalised.slice(5)}`);
  const res = await db
    .update(recoveryCodes)
    .set({ usedAt: clock.now() })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hash), isNull(recoveryCodes.usedAt)));
  return res.rowsAffected === 1;
}

/** Checks a code of either kind against the user's active secret. */
export async function verifyCode(
  deps: TwoFactorDeps,
  userId: number,
  code: string,
): Promise<'totp' | 'recovery' | null> {
  const [user] = await deps.db.select({ secret: users.totpSecret }).from(users).where(eq(users.id, userId));
  if (!user?.secret) return null;
  if (await acceptTotp(deps, userId, user.secret, code)) return 'totp';
  if (await acceptRecoveryCode(deps, userId, code)) return 'recovery';
  return null;
}

export async function twoFactorStatus(
  { db }: TwoFactorDeps,
  userId: number,
): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
  const [user] = await db.select({ secret: users.totpSecret }).from(users).where(eq(users.id, userId));
  const [left] = await db
    .select({ n: sql<number>`count(*)` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return { enabled: !!user?.secret, recoveryCodesLeft: user?.secret ? Number(left?.n ?? 0) : 0 };
}

export async function twoFactorEnabled({ db }: TwoFactorDeps, userId: number): Promise<boolean> {
  const [user] = await db.select({ secret: users.totpSecret }).from(users).where(eq(users.id, userId));
  return !!user?.secret;
}

/** Starts enrolment: a pending secret that does nothing until `enable` proves the app has it. */
export async function setupTwoFactor(
  { db }: TwoFactorDeps,
  userId: number,
  username: string,
): Promise<{ secret: string; uri: string }> {
  const fresh = newTotpSecret(username);
  await db.update(users).set({ totpPendingSecret: fresh.secret }).where(eq(users.id, userId));
  return fresh;
}

/**
 * Ends the user's pending sign-in challenges, as a statement for the batch that changes a credential: a challenge
 * says "the password was right, the code is still to come", and once the password or the second factor has changed
 * that is no longer known. It runs in the same batch as the change, so no challenge issued before it outlives it
 * (and login issues a challenge only while the credentials it checked are still the stored ones).
 */
export function endChallenges(db: Db, userId: number) {
  return db.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
}

function recoveryCodeRows(userId: number) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  return { codes, rows: codes.map((c) => ({ userId, codeHash: sha256(c) })) };
}

/**
 * Turns the pending secret on when `code` matches it; returns the recovery codes (shown once), or null. A challenge
 * a concurrent sign-in left while the second factor was off ends too, so no code of the new secret answers it.
 */
export async function enableTwoFactor(deps: TwoFactorDeps, userId: number, code: string): Promise<string[] | null> {
  const { db } = deps;
  const [user] = await db.select({ pending: users.totpPendingSecret }).from(users).where(eq(users.id, userId));
  if (!user?.pending || !(await acceptTotp(deps, userId, user.pending, code))) return null;
  const { codes, rows } = recoveryCodeRows(userId);
  await db.batch([
    db.update(users).set({ totpSecret: user.pending, totpPendingSecret: null }).where(eq(users.id, userId)),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
    db.insert(recoveryCodes).values(rows),
    endChallenges(db, userId),
  ]);
  return codes;
}

/** Turns the second factor off; its recovery codes and any pending challenge end in the same write. */
export async function disableTwoFactor({ db }: TwoFactorDeps, userId: number): Promise<void> {
  await db.batch([
    db.update(users).set({ totpSecret: null, totpPendingSecret: null }).where(eq(users.id, userId)),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
    endChallenges(db, userId),
  ]);
}

/** New recovery codes; the old ones, and any pending challenge, stop working in the same write. */
export async function regenerateRecoveryCodes({ db }: TwoFactorDeps, userId: number): Promise<string[]> {
  const { codes, rows } = recoveryCodeRows(userId);
  await db.batch([
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
    db.insert(recoveryCodes).values(rows),
    endChallenges(db, userId),
  ]);
  return codes;
}

export type TwoFactor = ReturnType<typeof createTwoFactor>;

export function createTwoFactor(deps: TwoFactorDeps) {
  return {
    verify: (userId: number, code: string) => verifyCode(deps, userId, code),
    status: (userId: number) => twoFactorStatus(deps, userId),
    enabled: (userId: number) => twoFactorEnabled(deps, userId),
    setup: (userId: number, username: string) => setupTwoFactor(deps, userId, username),
    enable: (userId: number, code: string) => enableTwoFactor(deps, userId, code),
    disable: (userId: number) => disableTwoFactor(deps, userId),
    regenerate: (userId: number) => regenerateRecoveryCodes(deps, userId),
  };
}

/**
 * The links a member is mailed. A confirmation link carries a random token of which only the SHA-256 is stored
 * (single use, expiring). An unsubscribe link must work for as long as the mail is kept, so it is signed instead:
 * the member's id and an HMAC of it under a key every instance shares; it changes nothing but that member's
 * subscriptions.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new token for a link, and what is stored of it. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: tokenHash(token) };
}

export const tokenHash = (token: string) => createHash('sha256').update(`member-link:${token}`).digest('base64url');

/** A well-formed token (43 base64url characters); anything else is refused before the database is asked. */
export const isToken = (value: unknown): value is string => typeof value === 'string' && /^[\w-]{43}$/.test(value);

export function unsubscribeSignature(key: Buffer, memberId: number): string {
  return createHmac('sha256', key).update(`unsubscribe:${memberId}`).digest('base64url');
}

/** Whether `signature` is the unsubscribe signature of `memberId` (compared as text, in constant time). */
export function validUnsubscribe(key: Buffer, memberId: number, signature: string): boolean {
  const expected = Buffer.from(unsubscribeSignature(key, memberId));
  const sent = Buffer.from(signature);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

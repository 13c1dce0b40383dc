/**
 * Members: readers who subscribe to newsletters. A subscription is double opt-in: the form only sends a
 * confirmation mail, and the same answer whether the address is new, known or limited, so nobody can learn who
 * subscribes; the link in the mail (single use, CONFIRM_LINK_HOURS) makes the member active, adds the
 * newsletters and records the consent in one transaction. Every mail about a subscription carries a signed
 * one-click unsubscribe link (RFC 8058). See docs/decisions/025-members-double-opt-in.md.
 */
import { and, asc, count, desc, eq, lt, or } from 'drizzle-orm';
import {
  CONFIRM_CHOOSE_ONE,
  CONFIRM_LINK_HOURS,
  CONFIRM_LINK_INVALID,
  SUBSCRIBE_CONSENT_TEXT,
  SUBSCRIBE_NEWSLETTER_UNKNOWN,
  SUBSCRIBE_NOT_ACCEPTED,
  SUBSCRIBE_RATE_LIMITED,
  UNSUBSCRIBE_LINK_INVALID,
  type Newsletter,
  type OutboxMail,
  type SubscribeInput,
} from 'content-schema/members';
import { SITE_NAME } from 'content-schema/site';
import type { Db } from '../../db/client.ts';
import { mailOutbox, memberTokens, members, newsletters } from '../../db/schema-members.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Job } from '../../lib/jobs.ts';
import { AppError } from '../../lib/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { RateLimiter } from '../rate-limiter.ts';
import { sharedSecretOnce } from '../shared-secrets.ts';
import { isToken, newToken, tokenHash, unsubscribeSignature, validUnsubscribe } from './links.ts';
import { confirmationMail, welcomeMail } from './mails.ts';

const MINUTE = 60_000;
/** Per network: a household or an office subscribing, not a script filling the table. */
export const SUBSCRIBE_LIMIT_PER_NETWORK = { limit: 20, windowMs: 10 * MINUTE };
/** Per address: a reader who lost the first mail may ask again; nobody can flood an inbox with confirmations. */
export const SUBSCRIBE_LIMIT_PER_ADDRESS = { limit: 3, windowMs: 60 * MINUTE };
export const MAIL_NOT_SENT = 'We could not send the confirmation email. Please try again in a few minutes.';

interface MembersDeps {
  db: Db;
  clock: Clock;
  siteUrl: string;
  limiter: RateLimiter;
  mailer: Mailer;
}

interface MembersContext extends MembersDeps {
  unsubscribeKey: () => Promise<Buffer>;
}

export type MembersService = ReturnType<typeof createMembersService>;

export function createMembersService(deps: MembersDeps) {
  const ctx: MembersContext = { ...deps, unsubscribeKey: sharedSecretOnce(deps, 'member-unsubscribe-key') };
  return {
    newsletters: () => activeNewsletters(ctx),
    subscribe: (input: SubscribeInput, clientIp: string) => subscribe(ctx, input, clientIp),
    confirm: (token: unknown, choice?: string[]) => confirm(ctx, token, choice),
    checkConfirm: (token: unknown) => checkConfirm(ctx, token),
    unsubscribe: (memberId: number, signature: string) => unsubscribe(ctx, memberId, signature),
    checkUnsubscribe: (memberId: number, signature: string) => checkUnsubscribe(ctx, memberId, signature),
    unsubscribeLink: (memberId: number) => unsubscribeLink(ctx, memberId),
    outbox: (limit = 100) => outbox(ctx, limit),
    /** Removes spent and expired links hourly; at shutdown, closes the mail connections. */
    jobs: [
      {
        name: 'members links purge',
        everyMs: 60 * MINUTE,
        atStart: false,
        run: () => purgeLinks(ctx),
        drain: () => ctx.mailer.close(),
      },
    ] satisfies Job[],
    close: () => ctx.mailer.close(),
  };
}

/** Deletes links spent or expired more than a day ago (kept that long to tell a reader the link was used). */
async function purgeLinks({ db, clock }: MembersContext): Promise<void> {
  const before = new Date(clock.now().getTime() - 24 * 60 * MINUTE);
  await db.delete(memberTokens).where(or(lt(memberTokens.expiresAt, before), lt(memberTokens.usedAt, before)));
}

async function activeNewsletters({ db }: MembersContext): Promise<Newsletter[]> {
  const rows = await db.select().from(newsletters).where(eq(newsletters.active, true)).orderBy(asc(newsletters.id));
  return rows.map((n) => ({ slug: n.slug, name: n.name, description: n.description, byDefault: n.byDefault }));
}

/** The newsletters a subscription asks for: those chosen (each must be offered), or the default ones. */
async function chosen(ctx: MembersContext, slugs: string[]): Promise<Newsletter[]> {
  const offered = await activeNewsletters(ctx);
  if (slugs.length === 0) {
    const defaults = offered.filter((n) => n.byDefault);
    return defaults.length ? defaults : offered.slice(0, 1);
  }
  const picked = offered.filter((n) => slugs.includes(n.slug));
  if (picked.length !== new Set(slugs).size) throw new AppError(400, SUBSCRIBE_NEWSLETTER_UNKNOWN);
  return picked;
}

/**
 * Sends a confirmation mail for `input`. Refused only for what the reader's own request shows: a filled honeypot
 * (400), unknown newsletters (400), too many requests from the network (429). The address itself never changes
 * the answer: a known, bounced or much-asked-for address answers the same, it is just not mailed.
 */
async function subscribe(ctx: MembersContext, input: SubscribeInput, clientIp: string): Promise<void> {
  const limited = await ctx.limiter.hit([{ key: `subscribe:ip:${clientIp}`, ...SUBSCRIBE_LIMIT_PER_NETWORK }]);
  if (!limited.ok) {
    throw new AppError(429, SUBSCRIBE_RATE_LIMITED(limited.retryAfterS), {
      headers: { 'Retry-After': String(limited.retryAfterS) },
    });
  }
  if ((input.website ?? '').trim() !== '') throw new AppError(400, SUBSCRIBE_NOT_ACCEPTED);
  const wanted = await chosen(ctx, input.newsletters);
  const perAddress = await ctx.limiter.hit([{ key: `subscribe:email:${input.email}`, ...SUBSCRIBE_LIMIT_PER_ADDRESS }]);
  if (!perAddress.ok) return;

  const now = ctx.clock.now();
  const [member] = await ctx.db
    .insert(members)
    .values({ email: input.email, status: 'pending', updatedAt: now })
    .onConflictDoUpdate({ target: members.email, set: { updatedAt: now } })
    .returning();
  if (!member || member.status === 'bounced') return;
  const { token, hash } = newToken();
  await ctx.db.insert(memberTokens).values({
    hash,
    memberId: member.id,
    kind: 'confirm',
    form: input.form,
    newsletters: wanted.map((n) => n.slug),
    expiresAt: new Date(now.getTime() + CONFIRM_LINK_HOURS * 60 * MINUTE),
  });
  const link = `${ctx.siteUrl}/subscribe/confirm?token=${token}`;
  try {
    await ctx.mailer.send(
      confirmationMail(
        input.email,
        link,
        wanted.map((n) => n.name),
      ),
    );
  } catch (err) {
    console.error('[members] confirmation mail failed:', err instanceof Error ? err.message : err);
    throw new AppError(503, MAIL_NOT_SENT);
  }
}

/**
 * The pending confirmation a token names, for the page that asks the reader to confirm: the address, the
 * newsletters asked for on the form, and every newsletter offered (the reader may change the choice there).
 */
async function checkConfirm(
  ctx: MembersContext,
  token: unknown,
): Promise<{ email: string; requested: string[]; offered: Newsletter[] }> {
  if (!isToken(token)) throw new AppError(400, CONFIRM_LINK_INVALID);
  const [row] = await ctx.db
    .select({
      email: members.email,
      newsletters: memberTokens.newsletters,
      usedAt: memberTokens.usedAt,
      expiresAt: memberTokens.expiresAt,
    })
    .from(memberTokens)
    .innerJoin(members, eq(members.id, memberTokens.memberId))
    .where(and(eq(memberTokens.hash, tokenHash(token)), eq(memberTokens.kind, 'confirm')));
  if (!row || row.usedAt || row.expiresAt.getTime() <= ctx.clock.now().getTime()) {
    throw new AppError(400, CONFIRM_LINK_INVALID);
  }
  return { email: row.email, requested: row.newsletters, offered: await activeNewsletters(ctx) };
}

async function namesOf({ db }: MembersContext, slugs: string[]): Promise<string[]> {
  const rows = await db.select().from(newsletters).orderBy(asc(newsletters.id));
  return rows.filter((n) => slugs.includes(n.slug)).map((n) => n.name);
}

/**
 * Uses a confirmation link: in one transaction the token is spent, the member made active, the newsletters added
 * and the consent recorded (the form, the newsletters, the words shown, the time). A used, expired or unknown
 * token changes nothing. Then the welcome mail, with the unsubscribe link, is sent; its failure is only logged.
 */
async function confirm(
  ctx: MembersContext,
  token: unknown,
  choice?: string[],
): Promise<{ email: string; newsletters: string[] }> {
  if (!isToken(token)) throw new AppError(400, CONFIRM_LINK_INVALID);
  // The newsletters ticked on the confirmation page, when it sent them; else those the form asked for.
  if (choice && choice.length === 0) throw new AppError(400, CONFIRM_CHOOSE_ONE);
  const picked = choice ? JSON.stringify((await chosen(ctx, choice)).map((n) => n.slug)) : null;
  const hash = tokenHash(token);
  const now = ctx.clock.now().getTime();
  // Spent by this batch: the later statements act only for a token the first one just used.
  const spent = `hash = ?1 AND used_at = ?2`;
  const results = await ctx.db.$client.batch(
    [
      {
        sql: `UPDATE member_tokens SET used_at = ?2 WHERE hash = ?1 AND kind = 'confirm' AND used_at IS NULL AND expires_at > ?2
              RETURNING member_id, coalesce(?3, newsletters) AS newsletters`,
        args: [hash, now, picked],
      },
      {
        sql: `UPDATE members SET status = 'active', confirmed_at = coalesce(confirmed_at, ?2), updated_at = ?2
              WHERE id = (SELECT member_id FROM member_tokens WHERE ${spent})`,
        args: [hash, now],
      },
      {
        sql: `INSERT OR IGNORE INTO member_newsletters (member_id, newsletter_id, created_at)
              SELECT t.member_id, n.id, ?2 FROM member_tokens t, json_each(coalesce(?3, t.newsletters)) j
              JOIN newsletters n ON n.slug = j.value WHERE t.hash = ?1 AND t.used_at = ?2`,
        args: [hash, now, picked],
      },
      {
        sql: `INSERT INTO member_consents (member_id, action, form, newsletters, text, at)
              SELECT member_id, 'subscribed', form, coalesce(?4, newsletters), ?3, ?2 FROM member_tokens t WHERE ${spent}
                AND NOT EXISTS (SELECT 1 FROM member_consents c
                                WHERE c.member_id = t.member_id AND c.action = 'subscribed' AND c.at = ?2)`,
        args: [hash, now, SUBSCRIBE_CONSENT_TEXT, picked],
      },
    ],
    'write',
  );
  const claimed = results[0]!.rows[0];
  if (!claimed) throw new AppError(400, CONFIRM_LINK_INVALID);
  const memberId = Number(claimed.member_id);
  const [member] = await ctx.db.select().from(members).where(eq(members.id, memberId));
  const names = await namesOf(ctx, JSON.parse(String(claimed.newsletters)) as string[]);
  try {
    await ctx.mailer.send(welcomeMail(member!.email, names, await unsubscribeLink(ctx, memberId), listId(ctx)));
  } catch (err) {
    console.error('[members] welcome mail failed:', err instanceof Error ? err.message : err);
  }
  return { email: member!.email, newsletters: names };
}

const listId = (ctx: MembersContext) => `${SITE_NAME} newsletters <newsletters.${new URL(ctx.siteUrl).hostname}>`;

async function unsubscribeLink(ctx: MembersContext, memberId: number): Promise<string> {
  return `${ctx.siteUrl}/unsubscribe?m=${memberId}&s=${unsubscribeSignature(await ctx.unsubscribeKey(), memberId)}`;
}

/** The member an unsubscribe link names, or the refusal (a forged signature, a member deleted since). */
async function checkUnsubscribe(ctx: MembersContext, memberId: number, signature: string) {
  if (!Number.isSafeInteger(memberId) || !validUnsubscribe(await ctx.unsubscribeKey(), memberId, signature)) {
    throw new AppError(400, UNSUBSCRIBE_LINK_INVALID);
  }
  const [member] = await ctx.db.select().from(members).where(eq(members.id, memberId));
  if (!member) throw new AppError(400, UNSUBSCRIBE_LINK_INVALID);
  return member;
}

/** Stops every newsletter to the member and records it; using the link again changes nothing more. */
async function unsubscribe(ctx: MembersContext, memberId: number, signature: string): Promise<{ email: string }> {
  const member = await checkUnsubscribe(ctx, memberId, signature);
  const now = ctx.clock.now().getTime();
  await ctx.db.$client.batch(
    [
      {
        sql: `INSERT INTO member_consents (member_id, action, form, newsletters, text, at)
              SELECT ?1, 'unsubscribed', 'member', json_group_array(n.slug), 'One-click unsubscribe link', ?2
              FROM member_newsletters m JOIN newsletters n ON n.id = m.newsletter_id WHERE m.member_id = ?1
              GROUP BY m.member_id`,
        args: [memberId, now],
      },
      { sql: `DELETE FROM member_newsletters WHERE member_id = ?1`, args: [memberId] },
      {
        sql: `UPDATE members SET status = 'unsubscribed', updated_at = ?2 WHERE id = ?1 AND status = 'active'`,
        args: [memberId, now],
      },
    ],
    'write',
  );
  return { email: member.email };
}

async function outbox({ db }: MembersContext, limit: number): Promise<{ mails: OutboxMail[]; total: number }> {
  const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
  const [total] = await db.select({ n: count() }).from(mailOutbox);
  return {
    mails: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    total: total?.n ?? 0,
  };
}

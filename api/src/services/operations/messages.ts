/**
 * Reader messages: the contact, tip and correction forms post here anonymously; the editor reads them in the
 * admin Inbox. Limits per address are shared by every instance (rate_limits); bot checks refuse without storing; a
 * stored message raises one grouped notification and is forwarded by email when that is configured. Messages older
 * than the retention setting are deleted by `purge`, run hourly by the service's job.
 */
import { and, count, desc, eq, lt, type SQL } from 'drizzle-orm';
import {
  DEFAULT_RETENTION_DAYS,
  FORM_NOT_STAMPED,
  isFormStampPlaceholder,
  MESSAGE_NOT_ACCEPTED,
  MESSAGE_TYPE_LABELS,
  MIN_FILL_MS,
  STAMP_MAX_AGE_MS,
  type MessageDetail,
  type MessageFilter,
  type MessageInput,
  type MessageList,
  type MessageSettings,
  type MessageSummary,
  type MessageType,
  type MessageUpdate,
} from 'content-schema/messages';
import type { Db } from '../../db/client.ts';
import { posts } from '../../db/schema.ts';
import { messageSettings, readerMessages } from '../../db/schema-operations.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { Job } from '../../lib/jobs.ts';
import type { RateLimiter } from '../rate-limiter.ts';
import { createFormStamps, type FormStamps } from './form-stamps.ts';
import type { MessageForwarder } from './message-forwarder.ts';
import type { NotificationsService } from './notifications/index.ts';
import { GROUPED_TITLES } from './notifications/store.ts';

type Row = typeof readerMessages.$inferSelect;

export const MESSAGE_NOT_FOUND = 'Message not found';
export const MESSAGES_RATE_LIMITED = (seconds: number) =>
  `Too many messages from your connection. Please try again in ${Math.ceil(seconds / 60)} minute${seconds > 60 ? 's' : ''}; your text is still in the form.`;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Per address: enough for a person with several things to say, not for a flood. */
export const MESSAGE_LIMITS_PER_ADDRESS = { limit: 10, windowMs: 10 * MINUTE };
/** All readers together: what the Inbox can take in an hour before a botnet fills it. */
export const MESSAGE_LIMITS_ALL = { limit: 300, windowMs: 60 * MINUTE };
/** How often messages past their retention are deleted. */
export const PURGE_EVERY_MS = 60 * MINUTE;
/** Newest messages the Inbox lists at once. */
export const INBOX_PAGE = 200;

function fromOf(row: Row): string | null {
  if (row.anonymous) return null;
  return row.name ?? row.email ?? row.contactInfo ?? null;
}

function toSummary(row: Row): MessageSummary {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    read: row.read,
    subject: row.subject,
    from: fromOf(row),
    postSlug: row.postSlug,
    createdAt: row.createdAt.toISOString(),
  };
}

function toDetail(row: Row): MessageDetail {
  return {
    ...toSummary(row),
    topic: row.topic,
    urgency: row.urgency,
    name: row.name,
    email: row.email,
    contactInfo: row.contactInfo,
    anonymous: row.anonymous,
    body: row.body,
    source: row.source,
    articleUrl: row.articleUrl,
    postId: row.postId,
    notes: row.notes,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The slug an article URL names (`…/post/<slug>` or `…/posts/<slug>`, any host), or a bare slug; else null. */
export function slugFromArticleUrl(text: string, siteUrl: string): string | null {
  const value = text.trim();
  if (/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value)) return value;
  let url: URL;
  try {
    url = new URL(value, siteUrl);
  } catch {
    return null;
  }
  const match = /^\/posts?\/([^/]+)\/?$/.exec(url.pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!).slice(0, 200);
  } catch {
    return null;
  }
}

const empty = (s: string | undefined) => (s === undefined || s.trim() === '' ? null : s.trim());

/** What the messages service works with. */
interface MessagesDeps {
  db: Db;
  clock: Clock;
  siteUrl: string;
  limiter: RateLimiter;
  notifications: NotificationsService;
  forwarder: MessageForwarder | null;
  /** Messages one address may send per window (MESSAGES_PER_ADDRESS); MESSAGE_LIMITS_PER_ADDRESS's by default. */
  perAddress?: number;
}

interface MessagesContext extends Omit<MessagesDeps, 'perAddress'> {
  perAddress: typeof MESSAGE_LIMITS_PER_ADDRESS;
  /** The forms' page stamps: made when a page is served, checked here. */
  stamps: FormStamps;
  /** Forwards by email still going on, so tests and shutdown can wait for them. */
  inflight: Set<Promise<void>>;
}

/** The published post an article URL names, if any (a draft's slug names nothing to a reader). */
async function articleOf(ctx: MessagesContext, articleUrl: string): Promise<{ id: number; slug: string } | null> {
  const slug = slugFromArticleUrl(articleUrl, ctx.siteUrl);
  if (!slug) return null;
  const [post] = await ctx.db
    .select({ id: posts.id, slug: posts.slug })
    .from(posts)
    .where(and(eq(posts.slug, slug), eq(posts.published, true)));
  return post ?? null;
}

/** The row a reader's message is stored as; an anonymous tip stores no contact at all, whatever the form sent. */
async function rowOf(
  ctx: MessagesContext,
  input: MessageInput,
  now: Date,
): Promise<typeof readerMessages.$inferInsert> {
  const common = { createdAt: now, updatedAt: now, status: 'new' as const, read: false };
  if (input.type === 'contact') {
    return {
      ...common,
      type: 'contact',
      topic: input.topic,
      name: input.name,
      email: input.email,
      subject: input.subject,
      body: input.message,
    };
  }
  if (input.type === 'tip') {
    return {
      ...common,
      type: 'tip',
      urgency: input.urgency,
      anonymous: input.anonymous,
      contactInfo: input.anonymous ? null : empty(input.contactInfo),
      subject: input.subject,
      body: input.tip,
      source: empty(input.source),
    };
  }
  const post = await articleOf(ctx, input.articleUrl);
  return {
    ...common,
    type: 'correction',
    contactInfo: empty(input.contactInfo),
    subject: post ? `Correction: ${post.slug}` : `Correction: ${input.articleUrl}`.slice(0, 200),
    body: input.correction,
    source: empty(input.source),
    articleUrl: input.articleUrl,
    postId: post?.id ?? null,
    postSlug: post?.slug ?? null,
  };
}

/** Tells the editor about a stored message and forwards it; the reader's answer no longer depends on either. */
async function announce(ctx: MessagesContext, row: Row): Promise<void> {
  try {
    await ctx.notifications.group({
      type: 'info',
      title: GROUPED_TITLES.readerMessage,
      message: `${MESSAGE_TYPE_LABELS[row.type]}: “${row.subject.slice(0, 120)}”`,
      actionUrl: `/admin/inbox/${row.id}`,
      actionText: 'Open Inbox',
    });
  } catch (err) {
    console.error('[messages] notification failed:', err instanceof Error ? err.message : err);
  }
  if (ctx.forwarder) {
    const p = ctx.forwarder.forward(toDetail(row)).finally(() => ctx.inflight.delete(p));
    ctx.inflight.add(p);
  }
}

/**
 * Why a message fails the bot checks, or null when it passes: its hidden field empty, and the stamp its form's page
 * was served with genuine (signed by an instance, for this form), at least MIN_FILL_MS old (a person reads and
 * types; a script posts at once) and at most STAMP_MAX_AGE_MS (a stamp cannot be kept and used for ever). The same
 * for JSON and for a form posted without JavaScript: both send the page's hidden stamp. A stamp that is still the
 * renderer's placeholder is the site's fault (a form page served as a plain file, never through this server's
 * stampedFormPage): refused with words that say so, and logged for whoever runs the site.
 */
async function botRefusal(ctx: MessagesContext, input: MessageInput): Promise<string | null> {
  if ((input.website ?? '').trim() !== '') return MESSAGE_NOT_ACCEPTED;
  if (isFormStampPlaceholder(input.stamp)) {
    console.error(
      `[messages] a ${input.type} form was sent from a page served without its stamp: serve the form pages through the API (site-files.ts)`,
    );
    return FORM_NOT_STAMPED;
  }
  const age = await ctx.stamps.age(input.type, input.stamp);
  return age !== null && age >= MIN_FILL_MS && age <= STAMP_MAX_AGE_MS ? null : MESSAGE_NOT_ACCEPTED;
}

/**
 * Stores a reader's message. Refused with 429 (Retry-After) past the limits of the reader's address or of all
 * readers, and with 400 and one message for every bot check (hidden field filled; stamp missing, forged, too young
 * or too old), in which case nothing is stored; a page that carried no stamp at all is refused with 400 too.
 */
async function submit(ctx: MessagesContext, input: MessageInput, clientIp: string): Promise<{ id: number }> {
  const limited = await ctx.limiter.hit([
    { key: `messages:ip:${clientIp}`, ...ctx.perAddress },
    { key: 'messages:all', ...MESSAGE_LIMITS_ALL },
  ]);
  if (!limited.ok)
    throw new AppError(429, MESSAGES_RATE_LIMITED(limited.retryAfterS), {
      headers: { 'Retry-After': String(limited.retryAfterS) },
    });
  const refusal = await botRefusal(ctx, input);
  if (refusal) throw new AppError(400, refusal);

  const [row] = await ctx.db
    .insert(readerMessages)
    .values(await rowOf(ctx, input, ctx.clock.now()))
    .returning();
  if (!row) throw new Error('message was not stored');
  await announce(ctx, row);
  return { id: row.id };
}

async function unreadCount({ db }: MessagesContext): Promise<number> {
  const [r] = await db.select({ n: count() }).from(readerMessages).where(eq(readerMessages.read, false));
  return r?.n ?? 0;
}

async function list(ctx: MessagesContext, filter: MessageFilter): Promise<MessageList> {
  const where: SQL[] = [];
  if (filter.type) where.push(eq(readerMessages.type, filter.type));
  if (filter.status) where.push(eq(readerMessages.status, filter.status));
  const rows = await ctx.db
    .select()
    .from(readerMessages)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(readerMessages.id))
    .limit(INBOX_PAGE);
  return { items: rows.map(toSummary), unread: await unreadCount(ctx) };
}

async function get({ db }: MessagesContext, id: number): Promise<MessageDetail> {
  const [row] = await db.select().from(readerMessages).where(eq(readerMessages.id, id));
  if (!row) throw new AppError(404, MESSAGE_NOT_FOUND);
  return toDetail(row);
}

async function update({ db, clock }: MessagesContext, id: number, patch: MessageUpdate): Promise<MessageDetail> {
  const [row] = await db
    .update(readerMessages)
    .set({
      ...(patch.status !== undefined ? { status: patch.status } : {}),
      ...(patch.notes !== undefined ? { notes: patch.notes } : {}),
      ...(patch.read !== undefined ? { read: patch.read } : {}),
      updatedAt: clock.now(),
    })
    .where(eq(readerMessages.id, id))
    .returning();
  if (!row) throw new AppError(404, MESSAGE_NOT_FOUND);
  return toDetail(row);
}

async function remove({ db }: MessagesContext, id: number): Promise<void> {
  const res = await db.delete(readerMessages).where(eq(readerMessages.id, id));
  if (res.rowsAffected === 0) throw new AppError(404, MESSAGE_NOT_FOUND);
}

async function settings({ db }: MessagesContext): Promise<MessageSettings> {
  const [row] = await db.select().from(messageSettings).where(eq(messageSettings.id, 1));
  return { retentionDays: row?.retentionDays ?? DEFAULT_RETENTION_DAYS };
}

async function setSettings(ctx: MessagesContext, input: MessageSettings): Promise<MessageSettings> {
  const now = ctx.clock.now();
  await ctx.db
    .insert(messageSettings)
    .values({ id: 1, retentionDays: input.retentionDays, updatedAt: now })
    .onConflictDoUpdate({ target: messageSettings.id, set: { retentionDays: input.retentionDays, updatedAt: now } });
  return settings(ctx);
}

/** Deletes messages older than the retention period, and rate-limit counters whose window is long over. */
async function purge(ctx: MessagesContext): Promise<{ messages: number; limits: number }> {
  const { retentionDays } = await settings(ctx);
  const cutoff = new Date(ctx.clock.now().getTime() - retentionDays * DAY);
  const res = await ctx.db.delete(readerMessages).where(lt(readerMessages.createdAt, cutoff));
  const limits = await ctx.limiter.purge(2 * MESSAGE_LIMITS_ALL.windowMs);
  return { messages: res.rowsAffected, limits };
}

/** Waits for forwards in flight (tests, shutdown). */
async function idle({ inflight }: MessagesContext): Promise<void> {
  while (inflight.size) await Promise.allSettled([...inflight]);
}

/** Purges at start and then hourly; at stop, waits for the forwards in flight. */
function retentionJob(ctx: MessagesContext): Job {
  return { name: 'messages', everyMs: PURGE_EVERY_MS, run: () => purge(ctx), drain: () => idle(ctx) };
}

export type MessagesService = ReturnType<typeof createMessagesService>;

/** The messages service: the forms' stamps and intake, the editor's Inbox, the retention setting and its job. */
export function createMessagesService(deps: MessagesDeps) {
  const ctx: MessagesContext = {
    ...deps,
    perAddress: { ...MESSAGE_LIMITS_PER_ADDRESS, limit: deps.perAddress ?? MESSAGE_LIMITS_PER_ADDRESS.limit },
    stamps: createFormStamps(deps),
    inflight: new Set(),
  };
  return {
    /** A fresh stamp for the page of the form `type`, written into it as it is served. */
    stamp: (type: MessageType) => ctx.stamps.issue(type),
    submit: (input: MessageInput, clientIp: string) => submit(ctx, input, clientIp),
    list: (filter: MessageFilter) => list(ctx, filter),
    get: (id: number) => get(ctx, id),
    update: (id: number, patch: MessageUpdate) => update(ctx, id, patch),
    remove: (id: number) => remove(ctx, id),
    unreadCount: () => unreadCount(ctx),
    settings: () => settings(ctx),
    setSettings: (input: MessageSettings) => setSettings(ctx, input),
    purge: () => purge(ctx),
    jobs: [retentionJob(ctx)],
    idle: () => idle(ctx),
  };
}

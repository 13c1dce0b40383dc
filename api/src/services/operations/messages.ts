/**
 * Reader messages (issue 12): the contact, tip and correction forms post here anonymously; the editor reads them
 * in the admin Inbox. Limits per address are shared by every instance (rate_limits); bot checks refuse without
 * storing; a stored message raises one grouped notification and is forwarded by email when that is configured.
 * Messages older than the retention setting are deleted by `purge`, run hourly by `start`.
 */
import { and, count, desc, eq, lt, type SQL } from 'drizzle-orm';
import {
  DEFAULT_RETENTION_DAYS,
  MESSAGE_NOT_ACCEPTED,
  MESSAGE_TYPE_LABELS,
  MIN_FILL_MS,
  type MessageDetail,
  type MessageFilter,
  type MessageInput,
  type MessageList,
  type MessageSettings,
  type MessageSummary,
  type MessageUpdate,
} from 'content-schema/messages';
import type { Db } from '../../db/client.ts';
import { posts } from '../../db/schema.ts';
import { messageSettings, readerMessages } from '../../db/schema-operations.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { RateLimiter } from '../rate-limiter.ts';
import type { MessageForwarder } from './message-forwarder.ts';
import { GROUPED_TITLES, type NotificationsService } from './notifications.ts';

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

export type MessagesService = ReturnType<typeof createMessagesService>;

export function createMessagesService(deps: {
  db: Db;
  clock: Clock;
  siteUrl: string;
  limiter: RateLimiter;
  notifications: NotificationsService;
  forwarder: MessageForwarder | null;
  /** Messages one address may send per window (MESSAGES_PER_ADDRESS); MESSAGE_LIMITS_PER_ADDRESS's by default. */
  perAddress?: number;
}) {
  const { db, clock } = deps;
  const perAddress = { ...MESSAGE_LIMITS_PER_ADDRESS, limit: deps.perAddress ?? MESSAGE_LIMITS_PER_ADDRESS.limit };
  const inflight = new Set<Promise<void>>();

  /** The published post an article URL names, if any (a draft's slug names nothing to a reader). */
  async function articleOf(articleUrl: string): Promise<{ id: number; slug: string } | null> {
    const slug = slugFromArticleUrl(articleUrl, deps.siteUrl);
    if (!slug) return null;
    const [post] = await db
      .select({ id: posts.id, slug: posts.slug })
      .from(posts)
      .where(and(eq(posts.slug, slug), eq(posts.published, true)));
    return post ?? null;
  }

  /**
   * Stores a reader's message. Refused with 429 (Retry-After) past the limits of the reader's address or of all
   * readers, and with 400 and one message for both bot checks (hidden field filled, sent too fast), in which case
   * nothing is stored.
   *
   * `via` is how it came: 'json' from the site's islands, which always measure the fill time, so a JSON body
   * without one is refused as too fast; 'form' from a page posted without JavaScript, which cannot measure it (a
   * static page carries no per-request time): its fill time is checked only when sent, while the hidden field and
   * the limits per address and for everyone apply as to JSON.
   */
  async function submit(input: MessageInput, clientIp: string, via: 'json' | 'form' = 'json'): Promise<{ id: number }> {
    const limited = await deps.limiter.hit([
      { key: `messages:ip:${clientIp}`, ...perAddress },
      { key: 'messages:all', ...MESSAGE_LIMITS_ALL },
    ]);
    if (!limited.ok)
      throw new AppError(429, MESSAGES_RATE_LIMITED(limited.retryAfterS), {
        headers: { 'Retry-After': String(limited.retryAfterS) },
      });
    const tooFast = input.elapsedMs === undefined ? via === 'json' : input.elapsedMs < MIN_FILL_MS;
    if ((input.website ?? '').trim() !== '' || tooFast) throw new AppError(400, MESSAGE_NOT_ACCEPTED);

    const now = clock.now();
    const common = { createdAt: now, updatedAt: now, status: 'new' as const, read: false };
    let values: typeof readerMessages.$inferInsert;
    if (input.type === 'contact') {
      values = {
        ...common,
        type: 'contact',
        topic: input.topic,
        name: input.name,
        email: input.email,
        subject: input.subject,
        body: input.message,
      };
    } else if (input.type === 'tip') {
      // An anonymous tip stores no contact at all, whatever the form sent.
      values = {
        ...common,
        type: 'tip',
        urgency: input.urgency,
        anonymous: input.anonymous,
        contactInfo: input.anonymous ? null : empty(input.contactInfo),
        subject: input.subject,
        body: input.tip,
        source: empty(input.source),
      };
    } else {
      const post = await articleOf(input.articleUrl);
      values = {
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
    const [row] = await db.insert(readerMessages).values(values).returning();
    if (!row) throw new Error('message was not stored');
    // Stored: the reader's answer no longer depends on anything below.
    try {
      await deps.notifications.group({
        type: 'info',
        title: GROUPED_TITLES.readerMessage,
        message: `${MESSAGE_TYPE_LABELS[row.type]}: “${row.subject.slice(0, 120)}”`,
        actionUrl: `/admin/inbox/${row.id}`,
        actionText: 'Open Inbox',
      });
    } catch (err) {
      console.error('[messages] notification failed:', err instanceof Error ? err.message : err);
    }
    if (deps.forwarder) {
      const p = deps.forwarder.forward(toDetail(row)).finally(() => inflight.delete(p));
      inflight.add(p);
    }
    return { id: row.id };
  }

  async function unreadCount(): Promise<number> {
    const [r] = await db.select({ n: count() }).from(readerMessages).where(eq(readerMessages.read, false));
    return r?.n ?? 0;
  }

  async function list(filter: MessageFilter): Promise<MessageList> {
    const where: SQL[] = [];
    if (filter.type) where.push(eq(readerMessages.type, filter.type));
    if (filter.status) where.push(eq(readerMessages.status, filter.status));
    const rows = await db
      .select()
      .from(readerMessages)
      .where(where.length ? and(...where) : undefined)
      .orderBy(desc(readerMessages.id))
      .limit(INBOX_PAGE);
    return { items: rows.map(toSummary), unread: await unreadCount() };
  }

  async function get(id: number): Promise<MessageDetail> {
    const [row] = await db.select().from(readerMessages).where(eq(readerMessages.id, id));
    if (!row) throw new AppError(404, MESSAGE_NOT_FOUND);
    return toDetail(row);
  }

  async function update(id: number, patch: MessageUpdate): Promise<MessageDetail> {
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

  async function remove(id: number): Promise<void> {
    const res = await db.delete(readerMessages).where(eq(readerMessages.id, id));
    if (res.rowsAffected === 0) throw new AppError(404, MESSAGE_NOT_FOUND);
  }

  async function settings(): Promise<MessageSettings> {
    const [row] = await db.select().from(messageSettings).where(eq(messageSettings.id, 1));
    return { retentionDays: row?.retentionDays ?? DEFAULT_RETENTION_DAYS };
  }

  async function setSettings(input: MessageSettings): Promise<MessageSettings> {
    const now = clock.now();
    await db
      .insert(messageSettings)
      .values({ id: 1, retentionDays: input.retentionDays, updatedAt: now })
      .onConflictDoUpdate({ target: messageSettings.id, set: { retentionDays: input.retentionDays, updatedAt: now } });
    return settings();
  }

  /** Deletes messages older than the retention period, and rate-limit counters whose window is long over. */
  async function purge(): Promise<{ messages: number; limits: number }> {
    const { retentionDays } = await settings();
    const cutoff = new Date(clock.now().getTime() - retentionDays * DAY);
    const res = await db.delete(readerMessages).where(lt(readerMessages.createdAt, cutoff));
    const limits = await deps.limiter.purge(2 * MESSAGE_LIMITS_ALL.windowMs);
    return { messages: res.rowsAffected, limits };
  }

  /** Purges at start and then every `intervalMs`; returns the stop function. */
  function start(intervalMs = 60 * MINUTE): () => void {
    const run = () =>
      purge().catch((err: unknown) => console.error('[messages] retention purge failed:', err instanceof Error ? err.message : err));
    void run();
    const timer = setInterval(run, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** Waits for forwards in flight (tests, shutdown). */
  async function idle(): Promise<void> {
    while (inflight.size) await Promise.allSettled([...inflight]);
  }

  return { submit, list, get, update, remove, unreadCount, settings, setSettings, purge, start, idle };
}

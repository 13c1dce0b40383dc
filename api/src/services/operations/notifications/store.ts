/**
 * The administrator's notifications, as stored: created by real events, capped per title and per type, routine
 * ones grouped under one title with a count.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { Notification } from 'content-schema/notification';
import { NOTIFICATIONS_MAX } from 'content-schema/site';
import type { Db } from '../../../db/client.ts';
import { notifications } from '../../../db/schema-operations.ts';
import type { Clock } from '../../../lib/clock.ts';
import { AppError } from '../../../lib/errors.ts';

type Row = typeof notifications.$inferSelect;

/** What the notification functions work with. */
export interface NotificationsStore {
  db: Db;
  clock: Clock;
}

export interface NewNotification {
  type: Notification['type'];
  title: string;
  message: string;
  actionUrl?: string | null;
  actionText?: string | null;
}

/**
 * Routine events: each title keeps one notification whose message is the latest event's and whose count grows
 * until the editor reads it, so a publish-heavy day cannot push the important ones out.
 */
export const GROUPED_TITLES = {
  workflowCompleted: 'Workflow Completed',
  readerMessage: 'New Reader Message',
} as const;

export const NOTIFICATION_NOT_FOUND = 'Notification not found';

/** How many notifications of one title are kept, so no kind of event can push the others out. */
export const NOTIFICATIONS_PER_TITLE = 3;
/**
 * How many are kept of each type (one cap per type rather than one for all): a burst of routine successes never
 * pushes out an error or a warning.
 */
export const NOTIFICATION_CAPS: Record<Notification['type'], number> = {
  error: NOTIFICATIONS_MAX,
  warning: NOTIFICATIONS_MAX,
  info: NOTIFICATIONS_MAX,
  success: NOTIFICATIONS_MAX,
};

function toNotification(row: Row): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    timestamp: row.createdAt.toISOString(),
    read: row.read,
    actionUrl: row.actionUrl,
    actionText: row.actionText,
    count: row.count,
  };
}

/** Keeps the newest of the title (per-title cap) and of the type (per-type cap); run in the insert's batch. */
function trim(db: Db, title: string, type: Notification['type']) {
  return [
    db.run(
      sql`DELETE FROM notifications WHERE title = ${title} AND id NOT IN (SELECT id FROM notifications WHERE title = ${title} ORDER BY id DESC LIMIT ${NOTIFICATIONS_PER_TITLE})`,
    ),
    db.run(
      sql`DELETE FROM notifications WHERE type = ${type} AND id NOT IN (SELECT id FROM notifications WHERE type = ${type} ORDER BY id DESC LIMIT ${NOTIFICATION_CAPS[type]})`,
    ),
  ] as const;
}

async function byId(db: Db, id: number | undefined): Promise<Notification | null> {
  if (id === undefined) return null;
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
  return row ? toNotification(row) : null;
}

/**
 * Stores a notification and, in one write batch, drops the oldest of its title beyond the per-title cap and
 * the oldest of its type beyond the type's cap. With `quietMs`, nothing is stored if one of the same title is
 * that recent (checked and inserted in one statement, so concurrent events on several instances announce once).
 */
async function insert(
  { db, clock }: NotificationsStore,
  input: NewNotification,
  opts: { quietMs?: number },
): Promise<Notification | null> {
  const title = input.title.slice(0, 200);
  const now = clock.now();
  const since = now.getTime() - (opts.quietMs ?? 0);
  const [inserted] = await db.batch([
    db.all<{ id: number }>(sql`
      INSERT INTO notifications (type, title, message, action_url, action_text, read, created_at)
      SELECT ${input.type}, ${title}, ${input.message.slice(0, 1000)}, ${input.actionUrl ?? null}, ${input.actionText ?? null}, 0, ${now.getTime()}
      WHERE ${opts.quietMs === undefined} OR NOT EXISTS (SELECT 1 FROM notifications WHERE title = ${title} AND created_at > ${since})
      RETURNING id`),
    ...trim(db, title, input.type),
  ]);
  return byId(db, (inserted as { id: number }[])[0]?.id);
}

/**
 * A routine event: replaces the title's grouped notification with a new one (newest first again) carrying this
 * message and a count one higher than the unread one it replaces (1 after the editor read it). One write
 * batch, so concurrent events on several instances each count once.
 */
export async function group({ db, clock }: NotificationsStore, input: NewNotification): Promise<Notification> {
  const title = input.title.slice(0, 200);
  const key = `title:${title}`;
  const now = clock.now().getTime();
  const [inserted] = await db.batch([
    db.all<{ id: number }>(sql`
      INSERT INTO notifications (type, title, message, action_url, action_text, read, created_at, group_key, count)
      SELECT ${input.type}, ${title}, ${input.message.slice(0, 1000)}, ${input.actionUrl ?? null}, ${input.actionText ?? null}, 0, ${now}, ${key},
        1 + COALESCE((SELECT SUM(count) FROM notifications WHERE group_key = ${key} AND read = 0), 0)
      RETURNING id`),
    db.run(
      sql`DELETE FROM notifications WHERE group_key = ${key} AND id < (SELECT MAX(id) FROM notifications WHERE group_key = ${key})`,
    ),
    ...trim(db, title, input.type),
  ]);
  const created = await byId(db, (inserted as { id: number }[])[0]?.id);
  if (!created) throw new Error('notification was not stored');
  return created;
}

export async function create(store: NotificationsStore, input: NewNotification): Promise<Notification> {
  const created = await insert(store, input, {});
  if (!created) throw new Error('notification was not stored');
  return created;
}

/** Stores a notification unless one of the same title was stored within `quietMs`; null when skipped. */
export function announceOnce(
  store: NotificationsStore,
  input: NewNotification,
  quietMs: number,
): Promise<Notification | null> {
  return insert(store, input, { quietMs });
}

/** Newest first: at most NOTIFICATION_CAPS of each type. */
export async function list({ db }: NotificationsStore): Promise<Notification[]> {
  const max = Object.values(NOTIFICATION_CAPS).reduce((a, b) => a + b, 0);
  const rows = await db.select().from(notifications).orderBy(desc(notifications.id)).limit(max);
  return rows.map(toNotification);
}

export async function markRead({ db }: NotificationsStore, id: number): Promise<Notification> {
  const [row] = await db.update(notifications).set({ read: true }).where(eq(notifications.id, id)).returning();
  if (!row) throw new AppError(404, NOTIFICATION_NOT_FOUND);
  return toNotification(row);
}

export async function markAllRead({ db }: NotificationsStore): Promise<{ updated: number }> {
  const res = await db.update(notifications).set({ read: true }).where(eq(notifications.read, false));
  return { updated: res.rowsAffected };
}

export async function remove({ db }: NotificationsStore, id: number): Promise<void> {
  const res = await db.delete(notifications).where(eq(notifications.id, id));
  if (res.rowsAffected === 0) throw new AppError(404, NOTIFICATION_NOT_FOUND);
}

import { desc, eq, sql } from 'drizzle-orm';
import type { Notification } from 'content-schema/notification';
import { NOTIFICATIONS_MAX } from 'content-schema/site';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema-operations.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { Events } from '../../lib/events.ts';
import type { PostChange } from '../changes.ts';

type Row = typeof notifications.$inferSelect;

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

export const NOTIFICATION_NOT_FOUND = 'Notification not found';

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/** How many notifications of one title are kept, so no kind of event can push the others out. */
export const NOTIFICATIONS_PER_TITLE = 3;
/**
 * How many are kept of each type (the spec's one cap of 20 became one cap per type): a burst of routine successes
 * never pushes out an error or a warning.
 */
export const NOTIFICATION_CAPS: Record<Notification['type'], number> = {
  error: NOTIFICATIONS_MAX,
  warning: NOTIFICATIONS_MAX,
  info: NOTIFICATIONS_MAX,
  success: NOTIFICATIONS_MAX,
};
/** Lockouts are announced once per episode: not again while the last announcement is this recent. */
export const LOCKOUT_NOTICE_QUIET_MS = 60 * 60_000;
const LOCKOUT_TITLE = 'Sign-in Locked';

/** The administrator's notifications: created by real events, stored, newest 20 kept (spec §9). */
export function createNotificationsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  /** Keeps the newest of the title (per-title cap) and of the type (per-type cap); run in the insert's batch. */
  function trim(title: string, type: Notification['type']) {
    return [
      db.run(
        sql`DELETE FROM notifications WHERE title = ${title} AND id NOT IN (SELECT id FROM notifications WHERE title = ${title} ORDER BY id DESC LIMIT ${NOTIFICATIONS_PER_TITLE})`,
      ),
      db.run(
        sql`DELETE FROM notifications WHERE type = ${type} AND id NOT IN (SELECT id FROM notifications WHERE type = ${type} ORDER BY id DESC LIMIT ${NOTIFICATION_CAPS[type]})`,
      ),
    ] as const;
  }

  async function byId(id: number | undefined): Promise<Notification | null> {
    if (id === undefined) return null;
    const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
    return row ? toNotification(row) : null;
  }

  /**
   * Stores a notification and, in one write batch, drops the oldest of its title beyond the per-title cap and
   * the oldest of its type beyond the type's cap. With `quietMs`, nothing is stored if one of the same title is
   * that recent (checked and inserted in one statement, so concurrent events on several instances announce once).
   */
  async function insert(input: NewNotification, opts: { quietMs?: number }): Promise<Notification | null> {
    const title = input.title.slice(0, 200);
    const now = clock.now();
    const since = now.getTime() - (opts.quietMs ?? 0);
    const [inserted] = await db.batch([
      db.all<{ id: number }>(sql`
        INSERT INTO notifications (type, title, message, action_url, action_text, read, created_at)
        SELECT ${input.type}, ${title}, ${input.message.slice(0, 1000)}, ${input.actionUrl ?? null}, ${input.actionText ?? null}, 0, ${now.getTime()}
        WHERE ${opts.quietMs === undefined} OR NOT EXISTS (SELECT 1 FROM notifications WHERE title = ${title} AND created_at > ${since})
        RETURNING id`),
      ...trim(title, input.type),
    ]);
    return byId((inserted as { id: number }[])[0]?.id);
  }

  /**
   * A routine event: replaces the title's grouped notification with a new one (newest first again) carrying this
   * message and a count one higher than the unread one it replaces (1 after the editor read it). One write
   * batch, so concurrent events on several instances each count once.
   */
  async function group(input: NewNotification): Promise<Notification> {
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
      ...trim(title, input.type),
    ]);
    const created = await byId((inserted as { id: number }[])[0]?.id);
    if (!created) throw new Error('notification was not stored');
    return created;
  }

  async function create(input: NewNotification): Promise<Notification> {
    const created = await insert(input, {});
    if (!created) throw new Error('notification was not stored');
    return created;
  }

  /** Stores a notification unless one of the same title was stored within `quietMs`; null when skipped. */
  const announceOnce = (input: NewNotification, quietMs: number) => insert(input, { quietMs });

  /** Newest first: at most NOTIFICATION_CAPS of each type. */
  async function list(): Promise<Notification[]> {
    const max = Object.values(NOTIFICATION_CAPS).reduce((a, b) => a + b, 0);
    const rows = await db.select().from(notifications).orderBy(desc(notifications.id)).limit(max);
    return rows.map(toNotification);
  }

  async function markRead(id: number): Promise<Notification> {
    const [row] = await db.update(notifications).set({ read: true }).where(eq(notifications.id, id)).returning();
    if (!row) throw new AppError(404, NOTIFICATION_NOT_FOUND);
    return toNotification(row);
  }

  async function markAllRead(): Promise<{ updated: number }> {
    const res = await db.update(notifications).set({ read: true }).where(eq(notifications.read, false));
    return { updated: res.rowsAffected };
  }

  async function remove(id: number): Promise<void> {
    const res = await db.delete(notifications).where(eq(notifications.id, id));
    if (res.rowsAffected === 0) throw new AppError(404, NOTIFICATION_NOT_FOUND);
  }

  /** Scheduled publications, from the change record (once across instances): the editor did not see them happen. */
  async function onChanges(changes: PostChange[]): Promise<void> {
    for (const c of changes) {
      if (c.kind !== 'published' || c.via !== 'schedule') continue;
      await create({
        type: 'success',
        title: 'Scheduled Post Published',
        message: `“${c.title}” is now live.`,
        actionUrl: `/post/${c.newSlug}`,
        actionText: 'View post',
      });
    }
  }

  /** Turns the events the administrator should hear about into notifications. */
  function subscribe(events: Events): void {
    events.on('build_post_failed', (e) =>
      create({
        type: 'error',
        title: 'Post Could Not Be Published',
        message: `“${e.title}” (post ${e.postId}) could not be rendered, so the site does not show this version; every other change went live. ${e.reason.slice(0, 400)}`,
        actionUrl: `/admin/edit/${e.postId}`,
        actionText: 'Edit post',
      }),
    );
    events.on('publish_late', (e) =>
      create({
        type: 'warning',
        title: 'Change Not Live Yet',
        message: `“${e.title}” is not on the public site a minute after it was saved. Check the build status.`,
        actionUrl: '/admin',
        actionText: 'View build status',
      }),
    );
    events.on('schedule_failed', (e) =>
      create({
        type: 'error',
        title: 'Scheduled Publication Failed',
        message: `“${e.title}” was not published: ${e.error}`,
        actionUrl: '/admin/scheduler',
        actionText: 'Open scheduler',
      }),
    );
    events.on('build_failed', (e) =>
      create({
        type: 'error',
        title: 'Site Build Failed',
        message: `Build #${e.buildId} failed; the last good site stays live. ${e.error.split('\n')[0]!.slice(0, 300)}`,
        actionUrl: '/admin',
        actionText: 'View build status',
      }),
    );
    events.on('build_recovered', (e) =>
      create({
        type: 'success',
        title: 'Site Build Recovered',
        message: `Build #${e.buildId} succeeded after a failure; the site is up to date again.`,
        actionUrl: '/admin',
        actionText: 'View build status',
      }),
    );
    events.on('generation_finished', (e) => {
      // The editor's AI writers tab hands its draft to the editor unsaved, and shows the outcome itself: there is
      // no saved draft to announce or link to.
      if (e.kind === 'editor') return;
      const what = e.kind === 'daily' ? 'Daily post' : e.kind === 'deep-dive' ? 'Deep Dive' : 'Content';
      return create(
        e.ok
          ? {
              type: 'success',
              title: `${what} Generated`,
              message: `“${e.title}” was generated and saved as a draft.`,
              actionUrl: `/admin/edit/${e.postId}`,
              actionText: 'Review draft',
            }
          : {
              type: 'error',
              title: 'Generation Failed',
              message: `${what} generation failed${e.error ? `: ${e.error.slice(0, 300)}` : '.'}`,
              actionUrl: '/admin/automation',
              actionText: 'Open automation',
            },
      );
    });
    // One announcement per lockout episode; every lockout is in the security log.
    events.on('login_lockout', (e) =>
      announceOnce(
        {
          type: 'warning',
          title: LOCKOUT_TITLE,
          message: `Too many failed sign-ins for ${e.subject}; locked until ${e.until.toISOString().slice(11, 16)} UTC. Further lockouts in the next hour are only in the security log.`,
          actionUrl: '/admin/security',
          actionText: 'Open security log',
        },
        LOCKOUT_NOTICE_QUIET_MS,
      ),
    );
  }

  return { create, group, list, markRead, markAllRead, remove, subscribe, onChanges };
}

import { randomUUID } from 'node:crypto';
import { and, desc, eq, lte } from 'drizzle-orm';
import type { SchedulePayload, ScheduledPost } from 'content-schema/schedule';
import { isValidTimeZone, parsePublishDateTime } from 'content-schema/zoned-time';
import type { Db } from '../db/client.ts';
import { posts, scheduledPosts } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';
import type { Events } from '../lib/events.ts';
import type { PostsService } from './posts.ts';
import type { RebuildRequest } from './rebuild.ts';

type Row = typeof scheduledPosts.$inferSelect;

function toScheduled(row: Row, postTitle: string): ScheduledPost {
  return {
    id: row.id,
    postId: row.postId,
    postTitle,
    publishDate: row.publishAt.toISOString(),
    timezone: row.timezone,
    status: row.status,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
  };
}

const fail = (message: string, path = 'publishDateTime') => new AppError(400, message, { issues: [{ path, message }] });

export type Scheduler = ReturnType<typeof createScheduler>;

/**
 * Scheduled publication. The database row is the source of truth; the timer only asks "is anything due?".
 * A due row is claimed by one conditional UPDATE (`scheduled` → `published`) inside the same transaction that
 * publishes the post, so each post goes live exactly once across restarts and any number of instances.
 */
export function createScheduler(deps: {
  db: Db;
  clock: Clock;
  events: Events;
  posts: PostsService;
  rebuild: (req: RebuildRequest) => void;
}) {
  const { db, clock, events } = deps;

  async function list(): Promise<ScheduledPost[]> {
    const rows = await db
      .select({ s: scheduledPosts, title: posts.title })
      .from(scheduledPosts)
      .innerJoin(posts, eq(posts.id, scheduledPosts.postId))
      .orderBy(desc(scheduledPosts.publishAt), desc(scheduledPosts.id));
    return rows.map((r) => toScheduled(r.s, r.title));
  }

  async function schedule(payload: SchedulePayload): Promise<ScheduledPost> {
    if (!isValidTimeZone(payload.timezone)) throw fail(`Unknown time zone: ${payload.timezone}`, 'timezone');
    const parsed = parsePublishDateTime(payload.publishDateTime, payload.timezone);
    if (!parsed.ok) {
      throw fail(
        parsed.reason === 'nonexistent'
          ? `${payload.publishDateTime} does not exist in ${payload.timezone} (the clocks skip that hour). Choose another time.`
          : 'publishDateTime is not a valid date and time',
      );
    }
    const now = clock.now();
    if (parsed.instant.getTime() <= now.getTime()) throw fail('The publication time must be in the future.');
    const [post] = await db.select().from(posts).where(eq(posts.id, payload.postId)).limit(1);
    if (!post) throw new AppError(404, 'Post not found');
    if (post.published) throw fail('Only drafts can be scheduled; this post is already published.', 'postId');
    const [pending] = await db
      .select({ id: scheduledPosts.id })
      .from(scheduledPosts)
      .where(and(eq(scheduledPosts.postId, post.id), eq(scheduledPosts.status, 'scheduled')))
      .limit(1);
    if (pending) throw fail('This post is already scheduled. Cancel that schedule first.', 'postId');
    const [row] = await db
      .insert(scheduledPosts)
      .values({ postId: post.id, publishAt: parsed.instant, timezone: payload.timezone, updatedAt: now })
      .returning();
    return toScheduled(row!, post.title);
  }

  async function cancel(id: number): Promise<ScheduledPost> {
    const [row] = await db
      .update(scheduledPosts)
      .set({ status: 'canceled', updatedAt: clock.now() })
      .where(and(eq(scheduledPosts.id, id), eq(scheduledPosts.status, 'scheduled')))
      .returning();
    if (row) {
      const [post] = await db.select({ title: posts.title }).from(posts).where(eq(posts.id, row.postId));
      return toScheduled(row, post?.title ?? '');
    }
    const [existing] = await db.select().from(scheduledPosts).where(eq(scheduledPosts.id, id)).limit(1);
    if (!existing) throw new AppError(404, 'Scheduled post not found');
    throw new AppError(409, `Only scheduled posts can be canceled; this one is ${existing.status}.`);
  }

  /** Publishes every due schedule exactly once; returns the ids this call published. */
  async function publishDue(): Promise<number[]> {
    const now = clock.now();
    const due = await db
      .select()
      .from(scheduledPosts)
      .where(and(eq(scheduledPosts.status, 'scheduled'), lte(scheduledPosts.publishAt, now)))
      .orderBy(scheduledPosts.publishAt)
      .limit(100);
    const published: number[] = [];
    for (const row of due) {
      // One write batch (BEGIN IMMEDIATE … COMMIT): claim, publish what this attempt claimed, or record why not.
      // libSQL's interactive transactions open a fresh connection without our pragmas, so a batch it is.
      const token = randomUUID();
      const t = now.getTime();
      const [claim, , failed] = await db.$client.batch(
        [
          {
            sql: `UPDATE scheduled_posts SET status = 'published', claim_token = ?, updated_at = ?
                  WHERE id = ? AND status = 'scheduled' AND EXISTS (SELECT 1 FROM posts WHERE id = ? AND published = 0)`,
            args: [token, t, row.id, row.postId],
          },
          {
            sql: `UPDATE posts SET published = 1, published_at = ?, updated_at = ?
                  WHERE id = ? AND EXISTS (SELECT 1 FROM scheduled_posts WHERE id = ? AND claim_token = ?)`,
            args: [t, t, row.postId, row.id, token],
          },
          {
            sql: `UPDATE scheduled_posts SET status = 'failed', error = 'The post was already published', claim_token = ?, updated_at = ?
                  WHERE id = ? AND status = 'scheduled'`,
            args: [token, t, row.id],
          },
        ],
        'write',
      );
      const [post] = await db.select().from(posts).where(eq(posts.id, row.postId)).limit(1);
      const title = post?.title ?? '';
      const outcome =
        claim!.rowsAffected === 1 && post
          ? ({ ok: true, slug: post.slug, title, category: post.category } as const)
          : failed!.rowsAffected === 1
            ? ({ ok: false, error: 'The post was already published', title } as const)
            : null;
      if (!outcome) continue; // another instance claimed it
      if (outcome.ok) {
        published.push(row.id);
        deps.posts.invalidate();
        deps.rebuild({
          reason: `Scheduled publication of “${outcome.title}”`,
          changes: [{ postId: row.postId, slugs: [outcome.slug], categories: [outcome.category] }],
        });
        events.emit('post_published', { postId: row.postId, slug: outcome.slug, title: outcome.title, via: 'schedule' });
      } else {
        events.emit('schedule_failed', { scheduleId: row.id, postId: row.postId, title: outcome.title, error: outcome.error });
      }
    }
    return published;
  }

  /** Polls for due rows; overdue ones (the server was down) are published on the first tick. */
  function start(intervalMs = 1000): () => void {
    let busy = false;
    const tick = async () => {
      if (busy) return;
      busy = true;
      try {
        await publishDue();
      } catch (err) {
        console.error('[scheduler] tick failed:', err instanceof Error ? err.message : err);
      } finally {
        busy = false;
      }
    };
    void tick();
    const timer = setInterval(tick, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  return { list, schedule, cancel, publishDue, start };
}

/**
 * Scheduled publication. The database row is the source of truth; the job only asks "is anything due?".
 * Publishing goes through the posts service (`publishScheduled`), whose one transaction claims the row with a
 * conditional UPDATE, publishes the post and writes its change record, so each post goes live exactly once
 * across restarts and any number of instances, and the builder of whichever instance builds hears of it
 * (docs/decisions/014-scheduled-publish-exactly-once.md).
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, lte } from 'drizzle-orm';
import type { SchedulePayload, ScheduledPost } from 'content-schema/schedule';
import { isValidTimeZone, parsePublishDateTime } from 'content-schema/zoned-time';
import type { Db } from '../db/client.ts';
import { posts, scheduledPosts } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';
import type { Events } from '../lib/events.ts';
import type { Job } from '../lib/jobs.ts';
import type { PostsService } from './posts/index.ts';

type Row = typeof scheduledPosts.$inferSelect;

export interface SchedulerDeps {
  db: Db;
  clock: Clock;
  events: Events;
  posts: PostsService;
}

/** How often the job looks for due schedules. */
const POLL_MS = 1000;

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

/** Every schedule, latest publication time first, with its post's title. */
export async function listSchedules({ db }: SchedulerDeps): Promise<ScheduledPost[]> {
  const rows = await db
    .select({ s: scheduledPosts, title: posts.title })
    .from(scheduledPosts)
    .innerJoin(posts, eq(posts.id, scheduledPosts.postId))
    .orderBy(desc(scheduledPosts.publishAt), desc(scheduledPosts.id));
  return rows.map((r) => toScheduled(r.s, r.title));
}

/** The instant a local date and time names in a time zone, if it exists there and is still to come. */
function publicationInstant(payload: SchedulePayload, now: Date): Date {
  if (!isValidTimeZone(payload.timezone)) throw fail(`Unknown time zone: ${payload.timezone}`, 'timezone');
  const parsed = parsePublishDateTime(payload.publishDateTime, payload.timezone);
  if (!parsed.ok) {
    throw fail(
      parsed.reason === 'nonexistent'
        ? `${payload.publishDateTime} does not exist in ${payload.timezone} (the clocks skip that hour). Choose another time.`
        : 'publishDateTime is not a valid date and time',
    );
  }
  if (parsed.instant.getTime() <= now.getTime()) throw fail('The publication time must be in the future.');
  return parsed.instant;
}

/** Schedules a draft that has no pending schedule. */
export async function schedulePost({ db, clock }: SchedulerDeps, payload: SchedulePayload): Promise<ScheduledPost> {
  const now = clock.now();
  const publishAt = publicationInstant(payload, now);
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
    .values({ postId: post.id, publishAt, timezone: payload.timezone, updatedAt: now })
    .returning();
  return toScheduled(row!, post.title);
}

/** Cancels a pending schedule; one already published, failed or canceled is a 409. */
export async function cancelSchedule({ db, clock }: SchedulerDeps, id: number): Promise<ScheduledPost> {
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
export async function publishDue(deps: SchedulerDeps): Promise<number[]> {
  const { db, clock, events } = deps;
  const due = await db
    .select()
    .from(scheduledPosts)
    .where(and(eq(scheduledPosts.status, 'scheduled'), lte(scheduledPosts.publishAt, clock.now())))
    .orderBy(scheduledPosts.publishAt)
    .limit(100);
  const published: number[] = [];
  for (const row of due) {
    const result = await deps.posts.publishScheduled(row.id, row.postId, randomUUID());
    if (result.outcome === 'published') published.push(row.id);
    else if (result.outcome === 'failed') {
      events.emit('schedule_failed', {
        scheduleId: row.id,
        postId: row.postId,
        title: result.title,
        error: result.error,
      });
    }
    // 'taken': another instance claimed it.
  }
  return published;
}

export type Scheduler = ReturnType<typeof createScheduler>;

export function createScheduler(deps: SchedulerDeps) {
  /** Looks for due rows every second; overdue ones (the server was down) are published on the first run. */
  const job: Job = { name: 'scheduler', everyMs: POLL_MS, run: () => publishDue(deps) };
  return {
    list: () => listSchedules(deps),
    schedule: (payload: SchedulePayload) => schedulePost(deps, payload),
    cancel: (id: number) => cancelSchedule(deps, id),
    publishDue: () => publishDue(deps),
    job,
  };
}

/**
 * Publishing a due schedule, exactly once across instances and restarts. See
 * docs/decisions/014-scheduled-publish-exactly-once.md.
 */
import { sql } from 'drizzle-orm';
import type { Post } from 'content-schema/post';
import { insertChange } from '../change-record.ts';
import type { PostsContext } from './context.ts';
import { copyRevision, revisionChanges } from './revision-rows.ts';
import { unpublishableReason } from './publishable.ts';
import { findRow, toPost, type PostRow } from './rows.ts';

export type ScheduledOutcome =
  { outcome: 'published'; post: Post } | { outcome: 'failed'; error: string; title: string } | { outcome: 'taken' };

const ALREADY_PUBLISHED = 'The post was already published';

/**
 * A due schedule of an unfinished draft fails with the reason instead of publishing, claimed like a publish and
 * only while the post is still the draft that was checked (a save since leaves it for the next poll).
 */
async function failUnfinished(
  { db, clock }: PostsContext,
  scheduleId: number,
  before: PostRow,
  token: string,
  reason: string,
): Promise<ScheduledOutcome> {
  const failed = await db.run(
    sql`UPDATE scheduled_posts SET status = 'failed', error = ${reason}, claim_token = ${token}, updated_at = ${clock.now().getTime()}
        WHERE id = ${scheduleId} AND status = 'scheduled'
          AND EXISTS (SELECT 1 FROM posts WHERE id = ${before.id} AND published = 0 AND version = ${before.version})`,
  );
  return failed.rowsAffected === 1 ? { outcome: 'failed', error: reason, title: before.title } : { outcome: 'taken' };
}

/**
 * One write transaction claims the schedule row with a conditional UPDATE (`scheduled` → `published`, tagged with a
 * random token), publishes the post and writes its revision and change record only if this attempt's token holds the
 * claim, or else records why not. libSQL's interactive transactions open a fresh connection without our pragmas, so
 * a batch it is. The claim holds only while the post is the version read here, whose body was checked to be
 * finished (publishable.ts); an editor's save in between leaves the schedule pending for the next poll, which reads
 * and checks the new version. The record's title, slug and category are read inside the statement.
 */
export async function publishScheduled(
  ctx: PostsContext,
  scheduleId: number,
  postId: number,
  token: string,
): Promise<ScheduledOutcome> {
  const { db } = ctx;
  const t = ctx.clock.now().getTime();
  const before = await findRow(db, postId);
  const unfinished = before && !before.published ? unpublishableReason(before) : null;
  if (unfinished) return failUnfinished(ctx, scheduleId, before!, token, unfinished);
  // The body checked is the body published: a save since it was read leaves the schedule for the next poll.
  const asRead = before ? sql`AND version = ${before.version}` : sql``;
  const claimed = sql`EXISTS (SELECT 1 FROM scheduled_posts WHERE id = ${scheduleId} AND claim_token = ${token})`;
  const column = (name: string) => sql`(SELECT ${sql.raw(name)} FROM posts WHERE id = ${postId})`;
  const [claim, , , , , failed] = await db.batch([
    db.run(sql`UPDATE scheduled_posts SET status = 'published', claim_token = ${token}, updated_at = ${t}
               WHERE id = ${scheduleId} AND status = 'scheduled'
                 AND EXISTS (SELECT 1 FROM posts WHERE id = ${postId} AND published = 0 ${asRead})`),
    // A post from before revisions were kept gets its earlier state as its first revision.
    copyRevision(
      db,
      postId,
      'create',
      before ? revisionChanges(undefined, before) : [],
      before?.updatedAt.getTime() ?? t,
      sql`${claimed} AND NOT EXISTS (SELECT 1 FROM post_revisions WHERE post_id = ${postId})`,
    ),
    db.run(sql`UPDATE posts SET published = 1, published_at = ${t}, updated_at = ${t}, version = version + 1
               WHERE id = ${postId} AND ${claimed}`),
    // The publish is a new version of the post with its revision (by nobody: the scheduler), like any save.
    copyRevision(db, postId, 'save', ['published'], t, claimed),
    insertChange(
      db,
      {
        postId,
        kind: 'published',
        title: column('title'),
        oldSlug: null,
        newSlug: column('slug'),
        oldCategory: null,
        newCategory: column('category'),
        fields: [],
        via: 'schedule',
        createdAt: new Date(t),
      },
      sql`${claimed} AND EXISTS (SELECT 1 FROM posts WHERE id = ${postId})`,
    ),
    db.run(sql`UPDATE scheduled_posts SET status = 'failed', error = ${ALREADY_PUBLISHED}, claim_token = ${token}, updated_at = ${t}
               WHERE id = ${scheduleId} AND status = 'scheduled'
                 AND NOT EXISTS (SELECT 1 FROM posts WHERE id = ${postId} AND published = 0)`),
  ]);
  if (claim.rowsAffected === 1) {
    ctx.changed();
    const row = await findRow(db, postId);
    if (row) return { outcome: 'published', post: toPost(row) };
  }
  if (failed.rowsAffected === 1) return { outcome: 'failed', error: ALREADY_PUBLISHED, title: before?.title ?? '' };
  return { outcome: 'taken' };
}

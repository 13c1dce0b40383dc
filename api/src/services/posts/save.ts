/**
 * Saving a post as a new version. With `patch.version` (the version the editor started from) a post that moved on is
 * refused with 409 and the post as it is now; without one the save applies to the current state. Either way the
 * write is one batch whose statements all hold only while the post is still at the version this save was computed
 * from (the post's own UPDATE is conditional on it and comes last), so of two concurrent saves, on any number of
 * instances, exactly one is written; the other changed nothing. See docs/decisions/018-versions-and-conflicts.md.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Post, PostUpdate } from 'content-schema/post';
import type { RevisionKind } from 'content-schema/provenance';
import { POST_CONFLICT_MESSAGE } from 'content-schema/revisions';
import { posts } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { describeChange, insertChange } from '../change-record.ts';
import { assertFeatureInLibrary, deriveStored } from '../derive.ts';
import { replaceMediaUses } from '../media/uses.ts';
import type { PostsContext } from './context.ts';
import { assertPublishable } from './publishable.ts';
import { editedByAfter } from './create.ts';
import { insertRevision, revisionChanges } from './revision-rows.ts';
import { findRow, POST_NOT_FOUND, toPost, type PostRow } from './rows.ts';
import { explicitSlug, uniqueSlug } from './slugs.ts';

export interface UpdateOptions {
  /** The signed-in editor who saved it; absent for the scheduler, workflows and the automation. */
  savedBy?: string | null;
  /** 'restore' when the fields are an earlier revision's. */
  kind?: Exclude<RevisionKind, 'create'>;
  /**
   * An explicit save from the editor replaces its autosaved working copy, if the copy is at most at this revision
   * (another tab's later autosave stays); other writes leave the copy alone.
   */
  clearWorkingCopy?: { upTo: number };
}

type SavePatch = Omit<PostUpdate, 'version' | 'copyRevision'>;

/** A save lost to a concurrent one, retried from the new state when the caller named no version. */
const UPDATE_ATTEMPTS = 5;

function conflict(current: PostRow): AppError {
  return new AppError(409, POST_CONFLICT_MESSAGE, { extra: { current: toPost(current) } });
}

export async function update(
  ctx: PostsContext,
  id: number,
  patch: PostUpdate,
  options: UpdateOptions = {},
): Promise<Post> {
  const { version: expected, copyRevision: _copyRevision, ...rest } = patch;
  for (let attempt = 1; ; attempt++) {
    const before = await findRow(ctx.db, id);
    if (!before) throw new AppError(404, POST_NOT_FOUND);
    if (expected !== undefined && expected !== before.version) throw conflict(before);
    const saved = await trySave(ctx, before, rest, options);
    if (saved) return saved;
    if (expected !== undefined || attempt >= UPDATE_ATTEMPTS) {
      const now = await findRow(ctx.db, id);
      if (!now) throw new AppError(404, POST_NOT_FOUND);
      throw conflict(now);
    }
  }
}

/** Whether two feature images are the same library image (a new focal point alone changes no derivation). */
const sameFeature = (a: PostRow['featureImage'], b: PostRow['featureImage']) => (a?.id ?? null) === (b?.id ?? null);

/** The slug after a save: the one asked for, or, for a draft never published, one that follows its new title. */
async function slugAfter(ctx: PostsContext, before: PostRow, patch: SavePatch): Promise<string> {
  const { slug: requested, title } = patch;
  if (requested && requested !== before.slug) return explicitSlug(ctx.db, requested, before.id);
  // Once public, a URL only changes on request.
  if (!requested && title && title !== before.title && !before.publishedAt) return uniqueSlug(ctx.db, title, before.id);
  return before.slug;
}

/** The columns a save sets, and the row as it will be after it. */
async function savedState(ctx: PostsContext, before: PostRow, patch: SavePatch, options: UpdateOptions) {
  const now = ctx.clock.now();
  const { slug: _slug, ...fields } = patch;
  const slug = await slugAfter(ctx, before, patch);
  const publishing = fields.published === true && !before.published;
  const content = fields.content ?? before.content;
  const feature = fields.featureImage === undefined ? before.featureImage : fields.featureImage;
  // Going live derives again too: the refusal then names the feature image's field, and reads the library as it is.
  const derived =
    publishing || content !== before.content || !sameFeature(feature, before.featureImage)
      ? await deriveStored(ctx.db, content, feature)
      : undefined;
  if (derived) assertFeatureInLibrary(derived, feature);
  const set = {
    ...fields,
    ...derived?.body,
    slug,
    editedBy: editedByAfter(fields.provenance ?? before.provenance, options.savedBy, before.editedBy),
    updatedAt: now,
    version: before.version + 1,
    ...(publishing ? { publishedAt: now } : {}),
  };
  // A field given as undefined is left as it is (as the UPDATE leaves it).
  const defined = Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined));
  const after: PostRow = { ...before, ...defined };
  // What goes live (a publish, or a new body of a live post) must be finished; a draft may hold anything.
  if (after.published && (publishing || derived)) assertPublishable(after, derived?.featureFileName);
  return { now, set, after, publishing, mediaIds: derived?.mediaIds };
}

/** The batch's statements besides the post's own UPDATE, each holding only under `guard`. */
function alongsideSave(
  ctx: PostsContext,
  before: PostRow,
  state: Awaited<ReturnType<typeof savedState>>,
  options: UpdateOptions,
  guard: SQL,
): [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]] {
  const { db } = ctx;
  const { id } = before;
  const { now, after, publishing, mediaIds } = state;
  const record = describeChange(before, after, now, 'editor');
  return [
    // A post from before revisions were kept (seeded, imported) gets its earlier state as its first revision.
    insertRevision(
      db,
      {
        postId: id,
        version: before.version,
        kind: 'create',
        changed: revisionChanges(undefined, before),
        state: before,
        savedBy: null,
        at: before.updatedAt,
      },
      sql`${guard} AND NOT EXISTS (SELECT 1 FROM post_revisions WHERE post_id = ${id})`,
    ),
    insertRevision(
      db,
      {
        postId: id,
        version: after.version,
        kind: options.kind ?? 'save',
        changed: revisionChanges(before, after),
        state: after,
        savedBy: options.savedBy ?? null,
        at: now,
      },
      guard,
    ),
    // Publishing by hand supersedes a pending schedule.
    ...(publishing
      ? [
          db.run(sql`UPDATE scheduled_posts SET status = 'canceled', error = 'Published manually', updated_at = ${now.getTime()}
                    WHERE post_id = ${id} AND status = 'scheduled' AND ${guard}`),
        ]
      : []),
    ...(after.slug !== before.slug && before.publishedAt
      ? [
          db.run(
            sql`INSERT INTO slug_redirects (slug, post_id) SELECT ${before.slug}, ${id} WHERE ${guard} ON CONFLICT DO NOTHING`,
          ),
        ]
      : []),
    ...(record ? [insertChange(db, record, guard)] : []),
    ...(mediaIds ? replaceMediaUses(db, id, mediaIds, guard) : []),
    ...(options.clearWorkingCopy
      ? [
          db.run(
            sql`DELETE FROM working_copies WHERE key = ${`post:${id}`} AND revision <= ${options.clearWorkingCopy.upTo} AND ${guard}`,
          ),
        ]
      : []),
  ];
}

/** One attempt at a save from `before`; null when another save got there first (nothing was written). */
async function trySave(
  ctx: PostsContext,
  before: PostRow,
  patch: SavePatch,
  options: UpdateOptions,
): Promise<Post | null> {
  const { db } = ctx;
  const state = await savedState(ctx, before, patch, options);
  // Every statement holds only while the post is still as it was read.
  const guard = sql`EXISTS (SELECT 1 FROM posts WHERE id = ${before.id} AND version = ${before.version})`;
  const results = await db.batch([
    ...alongsideSave(ctx, before, state, options, guard),
    db
      .update(posts)
      .set(state.set)
      .where(and(eq(posts.id, before.id), eq(posts.version, before.version)))
      .returning(),
  ]);
  const [row] = results.at(-1) as PostRow[];
  if (!row) return null;
  ctx.changed();
  return toPost(row);
}

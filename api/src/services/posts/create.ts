/** Creating and deleting posts: each write one batch with its revision and, when readers see it, its change record. */
import { eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Post, PostData } from 'content-schema/post';
import { posts } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { describeChange, insertChange } from '../change-record.ts';
import { assertFeatureInLibrary, deriveStored } from '../derive.ts';
import { replaceMediaUses } from '../media/uses.ts';
import type { PostsContext } from './context.ts';
import { assertPublishable } from './publishable.ts';
import { insertRevision, revisionChanges } from './revision-rows.ts';
import { findRow, POST_NOT_FOUND, toPost, type PostRow } from './rows.ts';
import { explicitSlug, uniqueSlug } from './slugs.ts';

export interface CreateOptions {
  /** Further writes committed atomically with the insert; `slug` names the new post for subqueries. */
  alongside?: (slug: string) => BatchItem<'sqlite'>[];
  via?: 'editor' | 'automation';
  /** The signed-in editor who saved it (the revision's author); absent for the automation. */
  savedBy?: string | null;
}

/** Who edited a post whose provenance involves AI: the signed-in editor who saves it (else whoever did before). */
export function editedByAfter(
  provenance: PostRow['provenance'],
  editor: string | null | undefined,
  before: string | null,
) {
  return provenance !== 'human' && editor ? editor : before;
}

export async function create(ctx: PostsContext, input: PostData, options: CreateOptions = {}): Promise<Post> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const slug = input.slug ? await explicitSlug(db, input.slug) : await uniqueSlug(db, input.title);
  const { slug: _slug, ...data } = input;
  const derived = await deriveStored(db, data.content, data.featureImage);
  assertFeatureInLibrary(derived, data.featureImage);
  if (input.published) assertPublishable({ content: data.content, ...derived.body }, derived.featureFileName);
  const provenance = input.provenance ?? 'human';
  const values = {
    ...data,
    ...derived.body,
    slug,
    provenance,
    editedBy: editedByAfter(provenance, options.savedBy, null),
    createdAt: now,
    updatedAt: now,
    publishedAt: input.published ? now : null,
    version: 1,
  };
  // The records need the new id, which a subquery on the (unique) slug gives inside the same batch.
  const newId = sql`(SELECT id FROM posts WHERE slug = ${slug})`;
  const record = describeChange(undefined, { ...values, id: 0 }, now, options.via ?? 'editor');
  const changed = revisionChanges(undefined, values);
  const [[row]] = await db.batch([
    db.insert(posts).values(values).returning(),
    ...(options.alongside?.(slug) ?? []),
    ...replaceMediaUses(db, newId, derived.mediaIds),
    ...(record ? [insertChange(db, { ...record, postId: newId })] : []),
    insertRevision(db, {
      postId: newId,
      version: 1,
      kind: 'create',
      changed,
      state: values,
      savedBy: options.savedBy ?? null,
      at: now,
    }),
  ]);
  ctx.changed();
  return toPost(row!);
}

export async function remove(ctx: PostsContext, id: number): Promise<void> {
  const { db } = ctx;
  const before = await findRow(db, id);
  if (!before) throw new AppError(404, POST_NOT_FOUND);
  const record = describeChange(before, undefined, ctx.clock.now(), 'editor');
  await db.batch([db.delete(posts).where(eq(posts.id, id)), ...(record ? [insertChange(db, record)] : [])]);
  ctx.changed();
}

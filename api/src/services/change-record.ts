/**
 * The public change record: what a change readers can see is, and the one statement that writes it. Every path that
 * changes what readers see (an edit, a publish, a scheduled publish, an unpublish, a delete, a correction) adds
 * `insertChange(...)` to the batch that makes the change, so the record and the change commit together or not at
 * all. The builder, notifications, workflows and caches consume the record (changes.ts); nothing else announces a
 * change. See docs/decisions/001-one-change-record.md.
 */
import { getTableColumns, SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { READER_FIELDS } from 'content-schema/post-fields';
import type { Db } from '../db/client.ts';
import { postChanges, posts, type ChangeKind } from '../db/schema.ts';

type PostRow = typeof posts.$inferSelect;

/** A change record as it is written; the builder sets the rest (liveAt, error) later. */
export interface ChangeRecord {
  postId: number;
  kind: ChangeKind;
  title: string;
  oldSlug: string | null;
  newSlug: string | null;
  oldCategory: string | null;
  newCategory: string | null;
  /** The reader-visible fields that changed (content-schema/post-fields.ts), or ['corrections']. */
  fields: string[];
  via: (typeof postChanges.$inferSelect)['via'];
  /** The editor's action: time-to-live is measured from here. */
  createdAt: Date;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The change record for a post going from `before` to `after` (either may be absent: created, deleted),
 * or null when readers cannot see the difference (a draft edited, created or deleted).
 */
export function describeChange(
  before: PostRow | undefined,
  after: Pick<PostRow, (typeof READER_FIELDS)[number] | 'id' | 'published'> | undefined,
  at: Date,
  via: ChangeRecord['via'] = 'editor',
): ChangeRecord | null {
  const wasPublic = !!before?.published;
  const isPublic = !!after?.published;
  if (!wasPublic && !isPublic) return null;
  const kind: ChangeKind = !after ? 'deleted' : !wasPublic ? 'published' : !isPublic ? 'unpublished' : 'updated';
  const fields = before && after ? READER_FIELDS.filter((f) => !same(before[f], after[f])) : [];
  if (kind === 'updated' && fields.length === 0) return null;
  return {
    postId: (after ?? before)!.id,
    kind,
    title: (after ?? before)!.title,
    oldSlug: wasPublic ? before!.slug : null,
    newSlug: isPublic ? after!.slug : null,
    oldCategory: wasPublic ? before!.category : null,
    newCategory: isPublic ? after!.category : null,
    fields,
    via,
    createdAt: at,
  };
}

/** A change of a published post that keeps its URL and category: what readers see of the named fields changed. */
function inPlaceChange(
  post: Pick<PostRow, 'id' | 'title' | 'slug' | 'category'>,
  kind: ChangeKind,
  fields: string[],
  at: Date,
): ChangeRecord {
  return {
    postId: post.id,
    kind,
    title: post.title,
    oldSlug: post.slug,
    newSlug: post.slug,
    oldCategory: post.category,
    newCategory: post.category,
    fields,
    via: 'editor',
    createdAt: at,
  };
}

/**
 * The change record of a correction of a published post recorded, changed or withdrawn: readers see it on the
 * article, in the corrections log and in the feeds. The post row itself does not change.
 */
export function correctionChange(post: Pick<PostRow, 'id' | 'title' | 'slug' | 'category'>, at: Date): ChangeRecord {
  return inPlaceChange(post, 'corrected', ['corrections'], at);
}

/**
 * The change record of a published post shown again with a library image's new details or file (its own fields
 * unchanged): readers see the new picture, caption or alt text in its content (`'content'`) or its feature image
 * (`'featureImage'`).
 */
export function rerenderedChange(
  post: Pick<PostRow, 'id' | 'title' | 'slug' | 'category'>,
  fields: ('content' | 'featureImage')[],
  at: Date,
): ChangeRecord {
  return inPlaceChange(post, 'updated', fields, at);
}

/** The columns a change record is written with, by the record's field names (the rest are set by the builder later). */
const WRITTEN = [
  'postId',
  'kind',
  'title',
  'oldSlug',
  'newSlug',
  'oldCategory',
  'newCategory',
  'fields',
  'via',
  'createdAt',
] as const satisfies readonly (keyof ChangeRecord)[];
const columns = getTableColumns(postChanges);
const COLUMN_LIST = sql.raw(WRITTEN.map((f) => columns[f].name).join(', '));

/** A record's value, or an SQL expression that computes it inside the statement (a new post's id, say). */
export type ChangeValues = { [F in keyof ChangeRecord]: ChangeRecord[F] | SQL };

/**
 * The one writer of change records: an INSERT for a batch, written only while `guard` holds inside that batch's
 * transaction (a save that lost its race to another writes neither the post nor its record).
 */
export function insertChange(db: Db, record: ChangeValues, guard: SQL = sql`1`): BatchItem<'sqlite'> {
  const values = WRITTEN.map((f) => {
    const value = record[f];
    if (value instanceof SQL) return value;
    return value === null ? sql`NULL` : sql`${columns[f].mapToDriverValue(value as never)}`;
  });
  return db.run(sql`INSERT INTO post_changes (${COLUMN_LIST}) SELECT ${sql.join(values, sql`, `)} WHERE ${guard}`);
}

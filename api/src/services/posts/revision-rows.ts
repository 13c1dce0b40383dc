/**
 * Revision rows: every saved state of a post, with the fields that changed. The columns copied are the post's
 * revision fields (content-schema/post-fields.ts), so a field added there is kept, compared and restored everywhere.
 * See docs/decisions/018-versions-and-conflicts.md.
 */
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { REVISION_FIELDS, type RevisionField } from 'content-schema/post-fields';
import type { RevisionKind } from 'content-schema/provenance';
import type { Db } from '../../db/client.ts';
import { postRevisions } from '../../db/schema.ts';
import type { PostRow } from './rows.ts';

const columns = getTableColumns(postRevisions);
/** The copied fields' column names, in REVISION_FIELDS order (the same names in `posts` and `post_revisions`). */
const FIELD_COLUMNS = sql.raw(REVISION_FIELDS.map((f) => columns[f].name).join(', '));
const INSERT_INTO = sql`INSERT INTO post_revisions (post_id, version, kind, changed, ${FIELD_COLUMNS}, saved_by, created_at)`;

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const blank = (v: unknown) =>
  v === null || v === undefined || v === '' || v === false || (Array.isArray(v) && v.length === 0);

/** The revision fields of `after` that differ from `before` (every field that has a value, for a creation). */
export function revisionChanges(
  before: Pick<PostRow, RevisionField> | undefined,
  after: Pick<PostRow, RevisionField>,
): RevisionField[] {
  if (!before) return REVISION_FIELDS.filter((f) => !blank(after[f]));
  return REVISION_FIELDS.filter((f) => !sameValue(before[f], after[f]));
}

/** A state's field values as the statement binds them; a field a caller left out takes its column's default or NULL. */
function fieldValues(state: Partial<Pick<PostRow, RevisionField>>): SQL {
  const values = REVISION_FIELDS.map((f) => {
    const column = columns[f];
    const value = state[f] ?? (column.hasDefault ? column.default : null);
    return value === null || value === undefined ? sql`NULL` : sql`${column.mapToDriverValue(value as never)}`;
  });
  return sql.join(values, sql`, `);
}

export interface RevisionRow {
  postId: number | SQL;
  version: number;
  kind: RevisionKind;
  changed: string[];
  state: Pick<PostRow, RevisionField>;
  savedBy: string | null;
  at: Date;
}

/** One revision row of a given state, written only while `guard` holds (in the batch's transaction). */
export function insertRevision(db: Db, r: RevisionRow, guard: SQL = sql`1`): BatchItem<'sqlite'> {
  return db.run(sql`${INSERT_INTO}
                    SELECT ${r.postId}, ${r.version}, ${r.kind}, ${JSON.stringify(r.changed)}, ${fieldValues(r.state)},
                           ${r.savedBy}, ${r.at.getTime()}
                    WHERE ${guard}`);
}

/**
 * One revision row copied from the post as it is when the batch runs (its version included), for a save made by the
 * server itself (a scheduled publish: by nobody), written only where `where` holds.
 */
export function copyRevision(db: Db, postId: number, kind: RevisionKind, changed: string[], at: number, where: SQL) {
  return db.run(sql`${INSERT_INTO}
                    SELECT id, version, ${kind}, ${JSON.stringify(changed)}, ${FIELD_COLUMNS}, NULL, ${at}
                    FROM posts WHERE id = ${postId} AND ${where}`);
}

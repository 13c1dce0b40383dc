import { and, desc, eq, sql } from 'drizzle-orm';
import {
  COPY_CONFLICT_MESSAGE,
  postIdOfKey,
  WorkingCopyFieldsSchema,
  type WorkingCopy,
  type WorkingCopyList,
  type WorkingCopyWrite,
} from 'content-schema/revisions';
import type { Db } from '../db/client.ts';
import { posts, workingCopies } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';
import { POST_NOT_FOUND } from './posts/rows.ts';

type CopyRow = typeof workingCopies.$inferSelect;

export const COPY_NOT_FOUND = 'No unsaved changes for this post';
/** The newest copies offered after sign-in; an editor has one per post being edited, so this is plenty. */
const LIST_MAX = 100;

function toCopy(row: CopyRow): WorkingCopy {
  return {
    key: row.key,
    postId: row.postId,
    // Written through the schema; read back through it so a copy from an older admin degrades field by field.
    fields: WorkingCopyFieldsSchema.parse(row.fields),
    baseVersion: row.baseVersion,
    revision: row.revision,
    savedBy: row.savedBy,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const isForeignKeyError = (err: unknown) => /FOREIGN KEY/i.test(String((err as { message?: string })?.message ?? ''));

interface CopiesDeps {
  db: Db;
  clock: Clock;
}

async function findCopy({ db }: CopiesDeps, key: string): Promise<CopyRow | undefined> {
  const [found] = await db.select().from(workingCopies).where(eq(workingCopies.key, key)).limit(1);
  return found;
}

export async function readCopy(deps: CopiesDeps, key: string): Promise<WorkingCopy> {
  const found = await findCopy(deps, key);
  if (!found) throw new AppError(404, COPY_NOT_FOUND);
  return toCopy(found);
}

/** The editor's copies, newest first, with each post's current version (to tell a copy the post outgrew). */
export async function listCopies({ db }: CopiesDeps, username: string): Promise<WorkingCopyList> {
  const rows = await db
    .select({ copy: workingCopies, postVersion: posts.version })
    .from(workingCopies)
    .leftJoin(posts, eq(posts.id, workingCopies.postId))
    .where(eq(workingCopies.savedBy, username))
    .orderBy(desc(workingCopies.updatedAt))
    .limit(LIST_MAX);
  return {
    items: rows.map(({ copy, postVersion }) => {
      const title = WorkingCopyFieldsSchema.shape.title.safeParse(copy.fields.title);
      return {
        key: copy.key,
        postId: copy.postId,
        title: title.success ? title.data : '',
        baseVersion: copy.baseVersion,
        revision: copy.revision,
        updatedAt: copy.updatedAt.toISOString(),
        postVersion: postVersion ?? null,
      };
    }),
  };
}

type CopyValues = Pick<CopyRow, 'fields' | 'baseVersion' | 'savedBy' | 'updatedAt'>;

/** A new copy at `revision`, unless another tab created one first (then nothing); a 404 when its post is gone. */
async function insertCopy(
  { db }: CopiesDeps,
  key: string,
  values: CopyValues,
  revision: number,
): Promise<CopyRow | undefined> {
  const postId = postIdOfKey(key);
  if (postId !== null) {
    const [post] = await db.select({ id: posts.id }).from(posts).where(eq(posts.id, postId)).limit(1);
    if (!post) throw new AppError(404, POST_NOT_FOUND);
  }
  try {
    const [written] = await db
      .insert(workingCopies)
      .values({ key, postId, ...values, revision })
      .onConflictDoNothing()
      .returning();
    return written;
  } catch (err) {
    // The post was deleted between the check and the insert.
    if (isForeignKeyError(err)) throw new AppError(404, POST_NOT_FOUND);
    throw err;
  }
}

/** Writes the copy if `input.revision` is the stored one; otherwise a 409 with the stored copy. */
export async function writeCopy(
  deps: CopiesDeps,
  key: string,
  input: WorkingCopyWrite,
  username: string,
): Promise<WorkingCopy> {
  const { db, clock } = deps;
  const values = { fields: input.fields, baseVersion: input.baseVersion, savedBy: username, updatedAt: clock.now() };
  let written: CopyRow | undefined;
  if (input.revision > 0) {
    [written] = await db
      .update(workingCopies)
      .set({ ...values, revision: sql`${workingCopies.revision} + 1` })
      .where(and(eq(workingCopies.key, key), eq(workingCopies.revision, input.revision)))
      .returning();
  }
  // A first write, or one whose copy was removed since (saved or discarded in another tab): a new copy, unless
  // another tab created one first.
  if (!written && (input.revision === 0 || !(await findCopy(deps, key)))) {
    written = await insertCopy(deps, key, values, input.revision + 1);
  }
  if (written) return toCopy(written);
  const current = await findCopy(deps, key);
  throw new AppError(409, COPY_CONFLICT_MESSAGE, { extra: { current: current ? toCopy(current) : null } });
}

export async function removeCopy({ db }: CopiesDeps, key: string): Promise<void> {
  await db.delete(workingCopies).where(eq(workingCopies.key, key));
}

/**
 * The editor's autosaved, unsaved changes (table `working_copies`). Writing a copy never touches `posts`: it
 * publishes nothing, records no public change and queues no build. Each copy has a revision that grows with
 * every write; a write names the revision it last saw, and one from a tab that has not seen the latest write is
 * refused (409) with the stored copy, so two tabs never overwrite each other's words unseen.
 */
export function createWorkingCopiesService(deps: CopiesDeps) {
  return {
    read: (key: string) => readCopy(deps, key),
    list: (username: string) => listCopies(deps, username),
    write: (key: string, input: WorkingCopyWrite, username: string) => writeCopy(deps, key, input, username),
    remove: (key: string) => removeCopy(deps, key),
  };
}

export type WorkingCopiesService = ReturnType<typeof createWorkingCopiesService>;

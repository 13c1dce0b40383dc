/**
 * Corrections of published articles. Recording, changing or withdrawing one is a public change: it
 * is written in one batch with a 'corrected' change record (change-record.ts), which the builder turns into
 * a render of the article, /corrections, the feeds and the sitemaps.
 *
 * Corrections are the public record of our mistakes, so they are not rewritten after the fact: one may be
 * changed or withdrawn only within CORRECTION_EDIT_WINDOW_MS of being recorded (the editor noticing a slip at
 * once). After that, the way to fix a correction is another correction.
 */
import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import {
  CORRECTION_BEFORE_PUBLICATION,
  CORRECTION_DRAFT_REFUSED,
  CORRECTION_EDIT_WINDOW_MS,
  CORRECTION_FUTURE_SKEW_MS,
  CORRECTION_IN_FUTURE,
  CORRECTION_LOCKED,
  CORRECTION_NOT_FOUND,
  compareCorrectionsNewestFirst,
  type Correction,
  type CorrectionInput,
  type CorrectionLogEntry,
  type CorrectionUpdate,
  type PublicCorrection,
} from 'content-schema/corrections';
import type { Db } from '../db/client.ts';
import { corrections, posts } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';
import { correctionChange, insertChange } from './change-record.ts';
import { POST_NOT_FOUND } from './posts/rows.ts';

type CorrectionRow = typeof corrections.$inferSelect;
type PostRow = typeof posts.$inferSelect;

export type CorrectionsService = ReturnType<typeof createCorrectionsService>;

function toCorrection(row: CorrectionRow): Correction {
  return {
    id: row.id,
    postId: row.postId,
    wrong: row.wrong,
    right: row.right,
    correctedAt: row.correctedAt.toISOString(),
    recordedBy: row.recordedBy,
    createdAt: row.createdAt.toISOString(),
    editableUntil: new Date(row.createdAt.getTime() + CORRECTION_EDIT_WINDOW_MS).toISOString(),
  };
}

function toPublic(row: Pick<CorrectionRow, 'id' | 'wrong' | 'right' | 'correctedAt'>): PublicCorrection {
  return { id: row.id, wrong: row.wrong, right: row.right, correctedAt: row.correctedAt.toISOString() };
}

interface CorrectionsDeps {
  db: Db;
  clock: Clock;
  /** After a write readers can see: wakes the builder and the change record's consumers. */
  onChange: () => void;
}

async function postRow(db: Db, id: number): Promise<PostRow> {
  const [row] = Number.isSafeInteger(id) ? await db.select().from(posts).where(eq(posts.id, id)).limit(1) : [];
  if (!row) throw new AppError(404, POST_NOT_FOUND);
  return row;
}

async function correctionRow(db: Db, id: number): Promise<CorrectionRow> {
  const [row] = Number.isSafeInteger(id)
    ? await db.select().from(corrections).where(eq(corrections.id, id)).limit(1)
    : [];
  if (!row) throw new AppError(404, CORRECTION_NOT_FOUND);
  return row;
}

/**
 * The instant a correction says it was made: now by default; never in the future or before publication. The
 * admin's field has minute precision, so a time in the minute of publication means the publication itself.
 */
function correctedAt(value: string | undefined, post: PostRow, now: Date): Date {
  const at = value === undefined ? now : new Date(value);
  const issue = (message: string) => new AppError(400, message, { issues: [{ path: 'correctedAt', message }] });
  if (at.getTime() > now.getTime() + CORRECTION_FUTURE_SKEW_MS) throw issue(CORRECTION_IN_FUTURE);
  const published = post.publishedAt?.getTime();
  if (published !== undefined && at.getTime() < published) {
    if (at.getTime() < published - (published % 60_000)) throw issue(CORRECTION_BEFORE_PUBLICATION);
    return new Date(published);
  }
  return at;
}

/** A post's corrections, newest first (the editor sees them whether or not the post is published now). */
async function list(db: Db, postId: number): Promise<Correction[]> {
  await postRow(db, postId);
  const rows = await db
    .select()
    .from(corrections)
    .where(eq(corrections.postId, postId))
    .orderBy(desc(corrections.correctedAt), desc(corrections.id));
  return rows.map(toCorrection);
}

/** Records a correction of a published post; a draft (or an unpublished post) is refused with 409. */
async function create(
  deps: CorrectionsDeps,
  postId: number,
  input: CorrectionInput,
  recordedBy: string | null,
): Promise<Correction> {
  const { db } = deps;
  const post = await postRow(db, postId);
  if (!post.published) throw new AppError(409, CORRECTION_DRAFT_REFUSED);
  const now = deps.clock.now();
  const values = {
    postId,
    wrong: input.wrong,
    right: input.right,
    correctedAt: correctedAt(input.correctedAt, post, now),
    recordedBy,
    createdAt: now,
  };
  const [[row]] = await db.batch([
    db.insert(corrections).values(values).returning(),
    insertChange(db, correctionChange(post, now)),
  ]);
  deps.onChange();
  return toCorrection(row!);
}

/** The correction, if it may still be changed; 409 once it is part of the record. */
async function editable(deps: CorrectionsDeps, id: number): Promise<{ row: CorrectionRow; post: PostRow; now: Date }> {
  const row = await correctionRow(deps.db, id);
  const now = deps.clock.now();
  if (now.getTime() - row.createdAt.getTime() > CORRECTION_EDIT_WINDOW_MS) throw new AppError(409, CORRECTION_LOCKED);
  return { row, post: await postRow(deps.db, row.postId), now };
}

/** Readers see the change only while the post is published; otherwise there is nothing to re-render. */
function changeOf(db: Db, post: PostRow, now: Date) {
  return post.published ? [insertChange(db, correctionChange(post, now))] : [];
}

async function update(deps: CorrectionsDeps, id: number, patch: CorrectionUpdate): Promise<Correction> {
  const { db } = deps;
  const { row, post, now } = await editable(deps, id);
  const set = {
    ...(patch.wrong !== undefined && { wrong: patch.wrong }),
    ...(patch.right !== undefined && { right: patch.right }),
    ...(patch.correctedAt !== undefined && { correctedAt: correctedAt(patch.correctedAt, post, now) }),
  };
  if (Object.keys(set).length === 0) return toCorrection(row);
  // The window is checked again in the statement, so a save racing its end cannot slip past it.
  const since = new Date(now.getTime() - CORRECTION_EDIT_WINDOW_MS);
  const [updated] = await db.batch([
    db
      .update(corrections)
      .set(set)
      .where(and(eq(corrections.id, id), gte(corrections.createdAt, since)))
      .returning(),
    ...changeOf(db, post, now),
  ]);
  if (!updated[0]) throw new AppError(409, CORRECTION_LOCKED);
  deps.onChange();
  return toCorrection(updated[0]);
}

async function remove(deps: CorrectionsDeps, id: number): Promise<void> {
  const { post, now } = await editable(deps, id);
  await deps.db.batch([deps.db.delete(corrections).where(eq(corrections.id, id)), ...changeOf(deps.db, post, now)]);
  deps.onChange();
}

/** The public corrections log: every correction of a published post, newest first. */
async function siteLog(db: Db): Promise<{ corrections: CorrectionLogEntry[] }> {
  const rows = await db
    .select({
      id: corrections.id,
      wrong: corrections.wrong,
      right: corrections.right,
      correctedAt: corrections.correctedAt,
      postId: posts.id,
      slug: posts.slug,
      title: posts.title,
      category: posts.category,
    })
    .from(corrections)
    .innerJoin(posts, eq(posts.id, corrections.postId))
    .where(eq(posts.published, true))
    .orderBy(desc(corrections.correctedAt), desc(corrections.id));
  return {
    corrections: rows.map((r) => ({
      ...toPublic(r),
      postId: r.postId,
      slug: r.slug,
      title: r.title,
      category: r.category,
    })),
  };
}

/** The corrections of the given posts, newest first, by post id (for the site's article and feed data). */
async function forPosts(db: Db, postIds: readonly number[]): Promise<Map<number, PublicCorrection[]>> {
  const out = new Map<number, PublicCorrection[]>();
  for (let i = 0; i < postIds.length; i += 500) {
    const batch = postIds.slice(i, i + 500);
    if (batch.length === 0) continue;
    const rows = await db
      .select()
      .from(corrections)
      .where(inArray(corrections.postId, [...batch]));
    for (const row of rows) {
      const list = out.get(row.postId) ?? [];
      list.push(toPublic(row));
      out.set(row.postId, list);
    }
  }
  for (const list of out.values()) list.sort(compareCorrectionsNewestFirst);
  return out;
}

export function createCorrectionsService(deps: { db: Db; clock: Clock; onChange?: () => void }) {
  const d: CorrectionsDeps = { db: deps.db, clock: deps.clock, onChange: deps.onChange ?? (() => {}) };
  return {
    list: (postId: number) => list(d.db, postId),
    create: (postId: number, input: CorrectionInput, recordedBy: string | null) => create(d, postId, input, recordedBy),
    update: (id: number, patch: CorrectionUpdate) => update(d, id, patch),
    remove: (id: number) => remove(d, id),
    siteLog: () => siteLog(d.db),
    forPosts: (postIds: readonly number[]) => forPosts(d.db, postIds),
  };
}

/**
 * The media library: uploads processed into their served files (process.ts), kept in a store (store.ts), and one
 * row each. The files are all written before the row, so a crash mid-upload leaves no row pointing at nothing
 * (at worst files no row names, which a later upload of the same image reuses). An image is in use while a post's
 * body shows it (`post_media`, uses.ts); it cannot be deleted then, and a change of its details renders those posts
 * again (rerender.ts).
 */
import { and, desc, eq, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { MEDIA_ERRORS, type Media, type MediaDetail, type MediaDetails, type MediaVariant } from 'content-schema/media';
import type { Db } from '../../db/client.ts';
import { media, postMedia } from '../../db/schema-media.ts';
import { posts } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { MediaRefusal, processImage, type ProcessedFile } from './process.ts';
import { filesOf, namesFile } from './row-files.ts';
import { postsUsing, rerenderStatements } from './rerender.ts';
import { showsImage } from './uses.ts';
import type { MediaStore } from './store.ts';
import { sweepJob } from './sweep.ts';

/** Uploads processed at once on one instance; more get 429 (processing takes both cores of a small machine). */
export const MAX_PARALLEL_UPLOADS = 4;

type Row = typeof media.$inferSelect;

function toMedia(r: Row): Media {
  return {
    id: r.id,
    fileName: r.fileName,
    width: r.width,
    height: r.height,
    bytes: r.bytes,
    alt: r.alt,
    caption: r.caption,
    credit: r.credit,
    licence: r.licence,
    variants: r.variants,
    fallback: r.fallback,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** A file name as the library shows it: no folders, no control characters, at most 200 characters. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 200);
  return clean || 'image';
}

export interface MediaQuery {
  /** Words found in the file name, alt text or caption. */
  q?: string;
  /** 'missing-alt': without alt text; 'unused': named by no post. */
  filter?: 'missing-alt' | 'unused';
}

export interface MediaDeps {
  db: Db;
  clock: Clock;
  store: MediaStore;
  /** Posts were rendered again (their caches are stale, and the builder has change records to read). */
  onChange?: () => void;
}

/** The service's dependencies and the uploads processing on this instance. */
interface Media$ extends MediaDeps {
  processing: { count: number };
}

const used = (id: SQLWrapper | number) => sql`EXISTS (SELECT 1 FROM ${postMedia} WHERE ${postMedia.mediaId} = ${id})`;

/** The posts whose body shows the image. */
function usedBy({ db }: MediaDeps, id: number): Promise<{ id: number; title: string }[]> {
  return db.select({ id: posts.id, title: posts.title }).from(posts).where(showsImage(id)).orderBy(desc(posts.id));
}

async function find({ db }: MediaDeps, id: number): Promise<Row> {
  const [row] = await db.select().from(media).where(eq(media.id, id));
  if (!row) throw new AppError(404, MEDIA_ERRORS.notFound);
  return row;
}

/** What processing an upload gives an image's row: its files (all stored by then), size and name. */
type FileColumns = Pick<Row, 'fileName' | 'width' | 'height' | 'bytes' | 'variants' | 'fallback'>;

/** Processes and stores an upload; 422 with the reason when it cannot be used, 429 when too many are running. */
async function processed(deps: Media$, data: Buffer, fileName: string | undefined): Promise<FileColumns> {
  if (deps.processing.count >= MAX_PARALLEL_UPLOADS)
    throw new AppError(429, MEDIA_ERRORS.busy, { headers: { 'Retry-After': '5' } });
  deps.processing.count++;
  try {
    const image = await processImage(data).catch((err: unknown) => {
      if (err instanceof MediaRefusal) throw new AppError(422, err.message);
      throw err;
    });
    for (const file of [...image.variants, image.fallback]) await deps.store.put(file.file, file.data);
    const strip = ({ data: _, ...v }: ProcessedFile): MediaVariant => v;
    return {
      fileName: cleanFileName(fileName),
      width: image.width,
      height: image.height,
      bytes: data.length,
      variants: image.variants.map(strip),
      fallback: strip(image.fallback),
    };
  } finally {
    deps.processing.count--;
  }
}

async function upload(deps: Media$, data: Buffer, fileName: string | undefined): Promise<Media> {
  const files = await processed(deps, data, fileName);
  const [row] = await deps.db
    .insert(media)
    .values({ ...files, updatedAt: deps.clock.now() })
    .returning();
  return toMedia(row!);
}

/**
 * A new file for an image, keeping its number, details and every post's reference to it: the posts using it are
 * rendered again with the new pictures, and the old files no other image shares are removed.
 */
async function replace(deps: Media$, id: number, data: Buffer, fileName: string | undefined): Promise<Media> {
  const before = await find(deps, id);
  const replaced = await saved(deps, id, await processed(deps, data, fileName));
  await removeUnsharedFiles(deps, before);
  return replaced;
}

async function list(deps: MediaDeps, { q, filter }: MediaQuery = {}): Promise<Media[]> {
  const where: SQL[] = [];
  for (const word of (q ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8)) {
    const pattern = `%${word.replace(/[%_\\]/g, (ch) => `\\${ch}`)}%`;
    where.push(
      sql`(${media.fileName} LIKE ${pattern} ESCAPE '\\' OR ${media.alt} LIKE ${pattern} ESCAPE '\\' OR ${media.caption} LIKE ${pattern} ESCAPE '\\')`,
    );
  }
  if (filter === 'missing-alt') where.push(eq(media.alt, ''));
  if (filter === 'unused') where.push(sql`NOT ${used(media.id)}`);
  const rows = await deps.db
    .select()
    .from(media)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(media.createdAt), desc(media.id));
  return rows.map(toMedia);
}

/** Passes over the posts showing an image after its details change (a save meanwhile may have used the old ones). */
const RERENDER_PASSES = 4;

/**
 * Saves a change of an image (its details or its files) and renders the posts showing it again, in one batch (each
 * post only while it is at the version rendered); 409 when the change would leave a published post with an image
 * without alt text. A post saved between the read and the batch may have been rendered with the image as it was:
 * later passes render whatever still differs from the image as it now is.
 */
async function saved(deps: MediaDeps, id: number, change: Partial<MediaDetails> | FileColumns): Promise<Media> {
  const { db } = deps;
  const before = await find(deps, id);
  const updatedAt = deps.clock.now();
  const changed = Object.entries(change).some(
    ([field, value]) => JSON.stringify(before[field as keyof typeof before]) !== JSON.stringify(value),
  );
  const users = await postsUsing(db, id);
  const first = await rerenderStatements(db, users, { ...before, ...change }, updatedAt, changed);
  const save = db
    .update(media)
    .set({ ...change, updatedAt })
    .where(eq(media.id, id))
    .returning();
  const [[row]] = await db.batch([save, ...first.statements]);
  let rendered = first.statements.length;
  for (let pass = 1; pass < RERENDER_PASSES; pass++) {
    const again = await rerenderStatements(db, await postsUsing(db, id), await find(deps, id), updatedAt).catch(
      () => null,
    );
    const [head, ...rest] = again?.statements ?? [];
    if (!head) break;
    await db.batch([head, ...rest]);
    rendered += again!.statements.length;
  }
  if (rendered > 0) deps.onChange?.();
  return toMedia(row!);
}

/** Deletes an image no post uses (409 naming the posts otherwise), and its files no other image shares. */
async function remove(deps: MediaDeps, id: number): Promise<void> {
  const row = await find(deps, id);
  const users = await usedBy(deps, id);
  if (users.length > 0) {
    const titles = users.map((p) => `“${p.title}”`).join(', ');
    const which = users.length === 1 ? 'a post' : `${users.length} posts`;
    throw new AppError(409, `This image is used by ${which}: ${titles}. Remove it from them first.`, {
      extra: { usedBy: users },
    });
  }
  // A save that started using it since is seen here: the row stays, and the next try names the post.
  const deleted = await deps.db
    .delete(media)
    .where(and(eq(media.id, id), sql`NOT ${used(id)}`))
    .returning();
  if (deleted.length === 0) return remove(deps, id);
  await removeUnsharedFiles(deps, row);
}

/** Removes the files of an image (deleted, or given new files) that no image in the library names. */
async function removeUnsharedFiles(deps: MediaDeps, row: Pick<Row, 'variants' | 'fallback'>): Promise<void> {
  // Another image can hold the same files only if it is the same picture.
  const others = await deps.db
    .select({ variants: media.variants, fallback: media.fallback })
    .from(media)
    .where(or(...filesOf(row).map(namesFile)));
  const shared = new Set(others.flatMap(filesOf));
  for (const file of filesOf(row)) if (!shared.has(file)) await deps.store.remove(file);
}

export function createMediaService(deps: MediaDeps) {
  const self: Media$ = { ...deps, processing: { count: 0 } };
  return {
    upload: (data: Buffer, fileName: string | undefined) => upload(self, data, fileName),
    list: (query: MediaQuery = {}) => list(self, query),
    /** An image, with the posts that use it. */
    get: async (id: number): Promise<MediaDetail> => {
      const row = await find(self, id);
      return { ...toMedia(row), usedBy: await usedBy(self, id) };
    },
    update: (id: number, details: Partial<MediaDetails>) => saved(self, id, details),
    replace: (id: number, data: Buffer, fileName: string | undefined) => replace(self, id, data, fileName),
    remove: (id: number) => remove(self, id),
    /** The fallback file of an image, or null when there is no such image. */
    fallbackFile: async (id: number): Promise<string | null> => {
      const [row] = await self.db.select({ fallback: media.fallback }).from(media).where(eq(media.id, id));
      return row?.fallback.file ?? null;
    },
    /** A served file's bytes, or null. */
    read: (file: string) => deps.store.read(file),
    /** The hourly sweep of files no image names (sweep.ts). */
    jobs: [sweepJob(deps)],
  };
}

export type MediaService = ReturnType<typeof createMediaService>;

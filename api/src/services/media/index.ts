/**
 * The media library: uploads processed into their served files (process.ts), kept in a store (store.ts), and one
 * row each. The files are all written before the row, so a crash mid-upload leaves no row pointing at nothing
 * (at worst files no row names, which a later upload of the same image reuses). An image is in use while a post's
 * body names one of its files; it cannot be deleted then.
 */
import { and, desc, eq, like, or, sql, type SQL } from 'drizzle-orm';
import { MEDIA_ERRORS, type Media, type MediaDetail, type MediaDetails, type MediaVariant } from 'content-schema/media';
import type { Db } from '../../db/client.ts';
import { media } from '../../db/schema-media.ts';
import { posts } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { MediaRefusal, processImage, type ProcessedFile } from './process.ts';
import type { MediaStore } from './store.ts';

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

const filesOf = (r: Pick<Row, 'variants' | 'fallback'>) => [...r.variants.map((v) => v.file), r.fallback.file];

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
}

/** The service's dependencies and the uploads processing on this instance. */
interface Media$ extends MediaDeps {
  processing: { count: number };
}

/** The posts whose body names one of the image's files. */
function usedBy({ db }: MediaDeps, row: Pick<Row, 'variants' | 'fallback'>): Promise<{ id: number; title: string }[]> {
  const names = filesOf(row).map((f) => like(posts.content, `%/media/${f}%`));
  return db
    .select({ id: posts.id, title: posts.title })
    .from(posts)
    .where(or(...names))
    .orderBy(desc(posts.id));
}

async function find({ db }: MediaDeps, id: number): Promise<Row> {
  const [row] = await db.select().from(media).where(eq(media.id, id));
  if (!row) throw new AppError(404, MEDIA_ERRORS.notFound);
  return row;
}

/** Processes and stores an upload; 422 with the reason when it cannot be used, 429 when too many are running. */
async function upload(deps: Media$, data: Buffer, fileName: string | undefined): Promise<Media> {
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
    const [row] = await deps.db
      .insert(media)
      .values({
        fileName: cleanFileName(fileName),
        width: image.width,
        height: image.height,
        bytes: data.length,
        variants: image.variants.map(strip),
        fallback: strip(image.fallback),
        updatedAt: deps.clock.now(),
      })
      .returning();
    return toMedia(row!);
  } finally {
    deps.processing.count--;
  }
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
  const rows = await deps.db
    .select()
    .from(media)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(media.createdAt), desc(media.id));
  if (filter !== 'unused') return rows.map(toMedia);
  const unused: Media[] = [];
  for (const r of rows) if ((await usedBy(deps, r)).length === 0) unused.push(toMedia(r));
  return unused;
}

async function update(deps: MediaDeps, id: number, details: Partial<MediaDetails>): Promise<Media> {
  await find(deps, id);
  const [row] = await deps.db
    .update(media)
    .set({ ...details, updatedAt: deps.clock.now() })
    .where(eq(media.id, id))
    .returning();
  return toMedia(row!);
}

/** Deletes an image no post uses (409 naming the posts otherwise), and its files no other image shares. */
async function remove(deps: MediaDeps, id: number): Promise<void> {
  const row = await find(deps, id);
  const users = await usedBy(deps, row);
  if (users.length > 0) {
    const titles = users.map((p) => `“${p.title}”`).join(', ');
    const which = users.length === 1 ? 'a post' : `${users.length} posts`;
    throw new AppError(409, `This image is used by ${which}: ${titles}. Remove it from them first.`, {
      extra: { usedBy: users },
    });
  }
  await deps.db.delete(media).where(eq(media.id, id));
  // Another image can hold the same files only if it is the same picture; names are hex, so LIKE needs no escaping.
  const named = filesOf(row).flatMap((f) => [like(media.variants, `%${f}%`), like(media.fallback, `%${f}%`)]);
  const others = await deps.db
    .select({ variants: media.variants, fallback: media.fallback })
    .from(media)
    .where(or(...named));
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
      return { ...toMedia(row), usedBy: await usedBy(self, row) };
    },
    update: (id: number, details: Partial<MediaDetails>) => update(self, id, details),
    remove: (id: number) => remove(self, id),
    /** A served file's bytes, or null. */
    read: (file: string) => deps.store.read(file),
  };
}

export type MediaService = ReturnType<typeof createMediaService>;

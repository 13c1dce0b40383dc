/**
 * The sweep of files no image names. An upload stores its files before its row (index.ts), so a crash or a failed
 * insert between the two leaves files that nothing names; so can a replaced or deleted image whose old files an
 * upload of the same picture stored again meanwhile. The sweep removes a file only when it is older than the grace
 * period (far longer than any upload's processing) and no row names it, asked again of the database just before the
 * removal. An upload that stores the same picture again renews its files' time, so it keeps them unless it stores
 * and names them in the instant between that question and the removal. Every instance may sweep: a removal is
 * idempotent.
 */
import type { Db } from '../../db/client.ts';
import { media } from '../../db/schema-media.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Job } from '../../lib/jobs.ts';
import { filesOf, namesFile } from './row-files.ts';
import type { MediaStore } from './store.ts';

/** A file younger than this is never swept: an upload may be between storing its files and writing its row. */
export const SWEEP_GRACE_MS = 60 * 60_000;
const SWEEP_EVERY_MS = 60 * 60_000;

export interface SweepDeps {
  db: Db;
  clock: Clock;
  store: MediaStore;
}

/** The names of every file the library's rows hold. */
async function namedFiles(db: Db): Promise<Set<string>> {
  const rows = await db.select({ variants: media.variants, fallback: media.fallback }).from(media);
  return new Set(rows.flatMap(filesOf));
}

/** Whether a row names the file now. */
async function isNamed(db: Db, file: string): Promise<boolean> {
  const rows = await db.select({ id: media.id }).from(media).where(namesFile(file)).limit(1);
  return rows.length > 0;
}

export interface SweepResult {
  /** Media files no row named, removed. */
  files: number;
  /** Temporary files of interrupted writes, removed. */
  leftovers: number;
}

/** Removes the files older than the grace period that no image names; what it removed. */
export async function sweepOrphans({ db, clock, store }: SweepDeps): Promise<SweepResult> {
  const before = new Date(clock.now().getTime() - SWEEP_GRACE_MS);
  const named = await namedFiles(db);
  let files = 0;
  for await (const { file, writtenAt } of store.list()) {
    if (writtenAt >= before || named.has(file) || (await isNamed(db, file))) continue;
    await store.remove(file);
    files++;
  }
  const leftovers = await store.removeLeftovers(before);
  if (files + leftovers > 0)
    console.log(`[media sweep] removed ${files} file(s) no image names and ${leftovers} interrupted write(s)`);
  return { files, leftovers };
}

/** The sweep as a recurring job: hourly, first an hour after start (a start must not wait on listing a bucket). */
export const sweepJob = (deps: SweepDeps): Job => ({
  name: 'media sweep',
  everyMs: SWEEP_EVERY_MS,
  atStart: false,
  run: () => sweepOrphans(deps),
});

/**
 * File helpers for the search folder: every file a reader can see is written under a temporary name and
 * renamed into place, so a reader (or a crash) never sees half a file.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';

/** Writes `data` to `path` atomically: a temporary file in the same folder, flushed, then renamed over it. */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = join(dirname(path), `.tmp-${process.pid}-${randomBytes(6).toString('hex')}`);
  const handle = await open(tmp, 'w');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(tmp, path);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

/** A fresh temporary folder name inside `parent` (a sibling of where the result will be renamed to). */
export function tempDirName(parent: string): string {
  return join(parent, `.tmp-${process.pid}-${randomBytes(6).toString('hex')}`);
}

/** Every file under `root` as [relative path with '/' separators, bytes], sorted by path. */
export async function listFiles(root: string): Promise<[string, Buffer][]> {
  const out: [string, Buffer][] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else out.push([relative(root, full).split('\\').join('/'), await readFile(full)]);
    }
  };
  await walk(root);
  return out.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** A short content hash of a set of files (paths and bytes), used to name a bundle folder. */
export function hashFiles(files: [string, Buffer][]): string {
  const h = createHash('sha256');
  for (const [path, bytes] of files) {
    h.update(`${path}\0${bytes.length}\0`);
    h.update(bytes);
  }
  return h.digest('hex').slice(0, 16);
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A FIFO mutex: `run` calls never overlap. */
export class Lane {
  private tail: Promise<unknown> = Promise.resolve();
  run<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.tail.then(fn, fn);
    this.tail = next.catch(() => undefined);
    return next;
  }
}

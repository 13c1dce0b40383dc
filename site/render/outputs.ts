/**
 * Where rendered routes live in the site folder, and how they get there: every file is written to a
 * temporary name beside it and renamed into place, so a reader gets the old file or the new one, never half.
 */
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

/** The file of a route path: '/' → 'index.html', '/about' → 'about.html', '/rss.xml' → 'rss.xml'. */
export function fileOf(path: string): string {
  if (path === '/') return 'index.html';
  const rel = path.replace(/^\/+/, '');
  return /\.[a-z0-9]+$/i.test(rel.split('/').at(-1)!) ? rel : `${rel}.html`;
}

let counter = 0;

/** Writes `content` to `root/file` through a temporary file and a rename. */
export function writeAtomic(root: string, file: string, content: string | Uint8Array): void {
  const target = join(root, file);
  mkdirSync(dirname(target), { recursive: true });
  const temp = `${target}.${process.pid}.${++counter}.tmp`;
  writeFileSync(temp, content);
  renameSync(temp, target);
}

/** Removes `root/file`; true when there was one. */
export function removeFile(root: string, file: string): boolean {
  try {
    rmSync(join(root, file));
    return true;
  } catch {
    return false;
  }
}

/** Every file below `dir`, as paths relative to `root` with '/' separators. */
export function listFiles(root: string, dir = root): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const full = join(dir, e.name);
    return e.isDirectory() ? listFiles(root, full) : [relative(root, full).split(sep).join('/')];
  });
}

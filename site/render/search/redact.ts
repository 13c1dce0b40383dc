/**
 * A bundle without some of its records, made in the publish path when a post is unpublished, deleted or given a
 * new slug: its text must leave the public files at once, and re-indexing its shard takes seconds. The copy is a new
 * folder (bundle folders are never rewritten, see bundle.ts) whose files are hard links to the old one's, except:
 * the records' fragments are left out; every word index chunk that lists one of their pages is rewritten without
 * those pages (a word only they had goes, with its chunk when nothing is left in it); the filter files likewise;
 * the metadata gets the new chunk and filter names and its chunk boundaries recomputed as pagefind derives them
 * (so a boundary never keeps a removed word); and pagefind-entry.json names the new metadata. The pages stay in the
 * metadata's page list (its numbering is what every chunk refers to), without a fragment or a word: no search can
 * return them. Relies on pagefind's index format (see docs/decisions/003-sharded-search.md).
 */
import { createHash } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CborReader, CborWriter, decodeCbor, encodeCbor, type CborValue } from './cbor.ts';
import { tempDirName } from './files.ts';
import { readPagefindFile, writePagefindFileSync } from './pagefind-files.ts';

/** Skips the items from field `from` to the end of an array of `fields`; where they lay. */
function skipFields(r: CborReader, from: number, fields: number): [number, number] {
  const start = r.pos;
  for (let f = from; f < fields; f++) r.skip();
  return [start, r.pos];
}

/**
 * Moves past a word's pages ([[page delta, locations, …], …]): how many name no removed page, and whether any
 * does. Allocation-free: it runs over every word of a shard, and most name none.
 */
function scanPages(r: CborReader, removed: ReadonlySet<number>): { kept: number; hit: boolean } {
  let page = 0;
  let kept = 0;
  let hit = false;
  for (let i = r.array(); i > 0; i--) {
    const fields = r.array();
    page += r.uint();
    if (removed.has(page)) hit = true;
    else kept++;
    for (let f = 1; f < fields; f++) r.skip();
  }
  return { kept, hit };
}

/**
 * Copies a word's pages but the removed ones into `w` (`kept` of them). Page numbers are delta-encoded, so only the
 * first page kept after a removed one gets a new head; the runs between are copied in one piece.
 */
function copyPages(r: CborReader, removed: ReadonlySet<number>, kept: number, w: CborWriter): void {
  w.array(kept);
  let page = 0;
  let last = 0;
  const count = r.array();
  let runStart = r.pos;
  for (let i = count; i > 0; i--) {
    const entry = r.pos;
    const fields = r.array();
    const delta = r.uint();
    page += delta;
    const rest = r.pos;
    for (let f = 1; f < fields; f++) r.skip();
    if (removed.has(page)) {
      w.raw(r.bytes.subarray(runStart, entry));
      runStart = r.pos;
    } else {
      if (page - delta !== last) {
        w.raw(r.bytes.subarray(runStart, entry));
        w.array(fields).uint(page - last);
        runStart = rest;
      }
      last = page;
    }
  }
  w.raw(r.bytes.subarray(runStart, r.pos));
}

/** One diacritic variant of a word ([form, pages, …]): where it lies, and its pages left. */
interface Variant {
  start: number;
  fields: number;
  form: [number, number];
  kept: number;
  extra: [number, number];
}

/**
 * Copies one word of a chunk ([word, pages, variants, …]) into `w` without the `removed` pages. A word that names
 * none of them is not copied ('same'): the caller copies runs of such words in one piece, from `runStart` (the
 * first byte not yet copied), which is copied here before a changed word. 'dropped' when nothing is left of it.
 */
function copyWord(
  r: CborReader,
  removed: ReadonlySet<number>,
  w: CborWriter,
  runStart: number,
): 'same' | 'changed' | 'dropped' {
  const start = r.pos;
  const fields = r.array();
  const word = skipFields(r, 0, 1);
  const pagesAt = r.pos;
  const pages = scanPages(r, removed);
  let hit = pages.hit;
  const variants: Variant[] = [];
  if (fields >= 3) {
    for (let i = r.array(); i > 0; i--) {
      const at = r.pos;
      const vFields = r.array();
      const form = skipFields(r, 0, 1);
      const vPages = scanPages(r, removed);
      hit ||= vPages.hit;
      variants.push({ start: at, fields: vFields, form, kept: vPages.kept, extra: skipFields(r, 2, vFields) });
    }
  }
  const extra = skipFields(r, 3, fields);
  if (!hit) return 'same';
  w.raw(r.bytes.subarray(runStart, start));
  const kept = variants.filter((v) => v.kept > 0);
  if (pages.kept === 0 && kept.length === 0) return 'dropped';
  const end = r.pos;
  w.array(fields).raw(r.bytes.subarray(...word));
  r.pos = pagesAt;
  copyPages(r, removed, pages.kept, w);
  if (fields >= 3) {
    w.array(kept.length);
    for (const v of kept) {
      w.array(v.fields).raw(r.bytes.subarray(...v.form));
      r.pos = v.form[1];
      copyPages(r, removed, v.kept, w);
      w.raw(r.bytes.subarray(...v.extra));
    }
  }
  w.raw(r.bytes.subarray(...extra));
  r.pos = end;
  return 'changed';
}

/**
 * Writers reused from one chunk to the next: a shard has hundreds of chunks, and fresh memory for each was a large
 * part of a redaction's time.
 */
interface Scratch {
  body: CborWriter;
  out: CborWriter;
}
const newScratch = (): Scratch => ({ body: new CborWriter(), out: new CborWriter() });

/**
 * A word index chunk's payload without the `removed` pages (null when unchanged), and its first and last words.
 * The payload lies in `scratch`, good until its next use.
 */
export function redactChunk(
  source: Buffer,
  removed: ReadonlySet<number>,
  scratch: Scratch = newScratch(),
): { payload: Buffer | null; first: string | null; last: string | null } {
  const r = new CborReader(source);
  const fields = r.array();
  const body = scratch.body.reset();
  let count = 0;
  let changed = false;
  let first: string | null = null;
  let lastAt = -1;
  let runStart = -1;
  for (let i = r.array(); i > 0; i--) {
    const at = r.pos;
    if (runStart < 0) runStart = at;
    const copied = copyWord(r, removed, body, runStart);
    if (copied !== 'same') {
      changed = true;
      runStart = r.pos;
    }
    if (copied === 'dropped') continue;
    count++;
    first ??= wordAt(source, at);
    lastAt = at;
  }
  const last = lastAt < 0 ? null : wordAt(source, lastAt);
  if (!changed) return { payload: null, first, last };
  body.raw(source.subarray(runStart, r.pos));
  const w = scratch.out.reset().array(fields).array(count).raw(body.bytes());
  return { payload: w.raw(source.subarray(...skipFields(r, 1, fields))).bytes(), first, last };
}

/** The word of the word entry at `at`. */
function wordAt(source: Buffer, at: number): string {
  const r = new CborReader(source, at);
  r.array();
  return r.text();
}

/** A short content name `${lang}_${hex}` not among `taken` (pagefind's scheme: lengthened on a collision). */
function freshName(lang: string, payload: Buffer, length: number, taken: Set<string>): string {
  const hash = createHash('sha256').update(payload).digest('hex');
  let name = `${lang}_${hash.slice(0, length)}`;
  for (let n = length + 1; taken.has(name) && n <= hash.length; n++) name = `${lang}_${hash.slice(0, n)}`;
  taken.add(name);
  return name;
}

const utf8Order = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** The first `n` characters of `s` (code points, as Rust's chars()). */
const firstChars = (s: string, n: number) => [...s].slice(0, n).join('');

/** Chunk boundaries as pagefind derives them: neighbouring chunks' last and first words cut to where they differ. */
function boundaries(chunks: { first: string; last: string }[]): { from: string; to: string }[] {
  const named = chunks.map((c) => ({ from: c.first, to: c.last }));
  for (let i = 0; i + 1 < named.length; i++) {
    const [a, b] = [[...named[i]!.to], [...named[i + 1]!.from]];
    let common = 0;
    while (common < a.length && common < b.length && a[common] === b[common]) common++;
    const to = firstChars(named[i]!.to, common + 1);
    if (utf8Order(to, named[i]!.from) >= 0) named[i]!.to = to;
    named[i + 1]!.from = firstChars(named[i + 1]!.from, common + 1);
  }
  return named;
}

/** What a redaction writes into its new folder, and the old files it must not link there. */
interface Output {
  src: string;
  staging: string;
  lang: string;
  removed: ReadonlySet<number>;
  replaced: Set<string>;
  scratch: Scratch;
}

/**
 * Writes a rewritten file into the new folder (whose index/ and filter/ folders redactBundle made), without gzip:
 * compressing was most of a redaction's cost (a post's words are in nearly every chunk of its shard, and zlib's
 * set-up per file costs as much even at level 0), and pagefind's browser script reads either. Such files live until
 * the shard is re-indexed in the background, seconds later.
 */
function write(out: Output, file: string, payload: Buffer): void {
  writePagefindFileSync(join(out.staging, file), payload);
}

/**
 * The metadata's chunk list ([from, to, hash, …]) after rewriting the chunks that list removed pages. Synchronous:
 * thousands of small reads and decompressions cost several times more through the thread pool.
 */
function redactChunks(out: Output, chunks: CborValue[][]): CborValue[][] {
  const taken = new Set(readdirSync(join(out.src, 'index')).map((f) => f.replace(/\.pf_index$/, '')));
  const kept: { first: string; last: string; hash: string; extra: CborValue[] }[] = [];
  for (const [, , hash, ...extra] of chunks) {
    const file = `index/${String(hash)}.pf_index`;
    const { payload, first, last } = redactChunk(
      readPagefindFile(readFileSync(join(out.src, file))),
      out.removed,
      out.scratch,
    );
    if (payload !== null) out.replaced.add(file);
    if (first === null || last === null) continue;
    const name = payload === null ? String(hash) : freshName(out.lang, payload, 7, taken);
    if (payload !== null) write(out, `index/${name}.pf_index`, payload);
    kept.push({ first, last, hash: name, extra });
  }
  const named = boundaries(kept);
  return kept.map((c, i) => [named[i]!.from, named[i]!.to, c.hash, ...c.extra]);
}

/** The metadata's filter list ([filter, hash, …]) after rewriting the filter files that list removed pages. */
function redactFilters(out: Output, filters: CborValue[][]): CborValue[][] {
  const taken = new Set(readdirSync(join(out.src, 'filter')).map((f) => f.replace(/\.pf_filter$/, '')));
  const next: CborValue[][] = [];
  for (const [filter, hash, ...extra] of filters) {
    const file = `filter/${String(hash)}.pf_filter`;
    const [name, values, ...rest] = decodeCbor(readPagefindFile(readFileSync(join(out.src, file)))) as CborValue[];
    const lists = (values as CborValue[][]).map((v) => v[1] as number[]);
    const kept = (values as CborValue[][]).map(([value, , ...more], i) => [
      value!,
      lists[i]!.filter((p) => !out.removed.has(p)),
      ...more,
    ]);
    if (kept.every((v, i) => (v[1] as number[]).length === lists[i]!.length)) {
      next.push([filter!, hash!, ...extra]);
      continue;
    }
    out.replaced.add(file);
    const payload = encodeCbor([name!, kept.filter((v) => (v[1] as number[]).length > 0), ...rest]);
    const fresh = freshName(out.lang, payload, 7, taken);
    write(out, `filter/${fresh}.pf_filter`, payload);
    next.push([filter!, fresh, ...extra]);
  }
  return next;
}

/**
 * One language's metadata without the `ids`: its new file name (null when it holds none of them) and how many of
 * its pages are left.
 */
function redactLanguage(
  out: Omit<Output, 'removed' | 'scratch'>,
  hash: string,
  ids: ReadonlySet<string>,
): { hash: string | null; left: number } {
  const file = `pagefind.${hash}.pf_meta`;
  const meta = decodeCbor(readPagefindFile(readFileSync(join(out.src, file)))) as CborValue[];
  const pages = meta[1] as CborValue[][];
  const removed = new Set(pages.flatMap((p, i) => (ids.has(String(p[0])) ? [i] : [])));
  const left = pages.length - removed.size;
  if (removed.size === 0) return { hash: null, left };
  for (const i of removed) out.replaced.add(`fragment/${String(pages[i]![0])}.pf_fragment`);
  const o: Output = { ...out, removed, scratch: newScratch() };
  meta[2] = redactChunks(o, meta[2] as CborValue[][]);
  meta[3] = redactFilters(o, meta[3] as CborValue[][]);
  meta[4] = (meta[4] as CborValue[][]).map(([sort, sorted, ...extra]) => [
    sort!,
    (sorted as number[]).filter((p) => !removed.has(p)),
    ...extra,
  ]);
  const payload = encodeCbor(meta);
  const taken = new Set(readdirSync(out.src).flatMap((f) => /^pagefind\.(.+)\.pf_meta$/.exec(f)?.[1] ?? []));
  const name = freshName(out.lang, payload, 10, taken);
  write(o, `pagefind.${name}.pf_meta`, payload);
  out.replaced.add(file);
  return { hash: name, left };
}

/** Hard links to every file of `src` not replaced, into `staging`. */
function linkRest(src: string, staging: string, replaced: ReadonlySet<string>, sub = ''): void {
  for (const entry of readdirSync(join(src, sub), { withFileTypes: true })) {
    const path = sub ? `${sub}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      mkdirSync(join(staging, path), { recursive: true });
      linkRest(src, staging, replaced, path);
    } else if (!replaced.has(path)) linkSync(join(src, path), join(staging, path));
  }
}

const ENTRY = 'pagefind-entry.json';

/** The folder name of bundle `name` without the records `ids`: the same redaction always gets the same name. */
export function redactedName(name: string, ids: readonly string[]): string {
  const key = name.slice(0, name.indexOf('-'));
  const digest = createHash('sha256')
    .update(`${name}\0${[...ids].sort().join(',')}`)
    .digest('hex');
  return `${key}-${digest.slice(0, 16)}`;
}

/**
 * Writes the copy of bundle folder `name` (in `bundlesDir`) without the records whose result ids are `ids`, and
 * returns its folder name; null when none of the bundle's records would be left.
 */
export async function redactBundle(bundlesDir: string, name: string, ids: readonly string[]): Promise<string | null> {
  const src = join(bundlesDir, name);
  const target = redactedName(name, ids);
  const entry = JSON.parse(await readFile(join(src, ENTRY), 'utf8')) as {
    languages: Record<string, { hash: string }>;
  };
  const staging = tempDirName(bundlesDir);
  try {
    await mkdir(staging);
    for (const sub of ['index', 'filter']) await mkdir(join(staging, sub));
    const replaced = new Set<string>([ENTRY]);
    const idSet = new Set(ids);
    let left = 0;
    for (const [lang, info] of Object.entries(entry.languages)) {
      const result = redactLanguage({ src, staging, lang, replaced }, info.hash, idSet);
      left += result.left;
      if (result.hash) info.hash = result.hash;
    }
    if (left === 0) {
      await rm(staging, { recursive: true, force: true });
      return null;
    }
    await writeFile(join(staging, ENTRY), JSON.stringify(entry));
    linkRest(src, staging, replaced);
    if (existsSync(join(bundlesDir, target))) await rm(staging, { recursive: true });
    else await rename(staging, join(bundlesDir, target));
    return target;
  } catch (err) {
    await rm(staging, { recursive: true, force: true });
    throw err;
  }
}

/**
 * One search folder as its writer holds it: the state in memory, the lanes that order its work, and the bundle
 * folders in flight. `commit` writes state, then manifest, then collects the bundle folders no longer named.
 */
import { mkdir, readdir, readFile, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { buildRuntimeBundle, placeBundle, type BuildWorker, type BuiltBundle, type SearchRecord } from './bundle.ts';
import { Lane, writeFileAtomic } from './files.ts';
import { MANIFEST_FILE } from './manifest.ts';
import { BUNDLES, emptyDelta, manifestOf, referenced, type State } from './state.ts';

/**
 * Posts per shard. Indexing a shard of 500 realistic posts takes ~4 s and peaks at ~290 MiB in the pagefind
 * child (1,000: 8 s, ~490 MiB; 2,000: 15 s, 1.07 GiB — memory grows faster than linearly). With 1,000 the whole
 * server peaked at 1.47 GiB while indexing 10,000 posts, too close to its 1.5 GiB budget; 500 costs a reader's
 * first search ~60 KB more (358 KB against 295 KB at 10,000 posts; later searches 90 KB against 55 KB).
 */
export const SHARD_SIZE = 500;

/**
 * Word-index chunk size (word positions per chunk) given to pagefind. Every bundle loads at least one chunk
 * per query word, so with ~11 bundles pagefind's default (20,000, ~32 KB per chunk) would cost ~350 KB a word;
 * smaller chunks cost a larger chunk table in each bundle's metadata (loaded once per page view).
 */
export const INDEX_CHUNK_SIZE = 2500;

export interface SearchIndexOptions {
  shardSize?: number;
  chunkSize?: number;
  /** How long a bundle folder stays after the manifest stops naming it (readers may still load it). */
  graceMs?: number;
}

const STATE_FILE = 'state.json';
const DEFAULT_GRACE_MS = 10 * 60_000;

export interface SearchFolder {
  readonly dir: string;
  readonly bundlesDir: string;
  state: State;
  readonly options: Required<SearchIndexOptions>;
  /** Serialises commits (read-modify-write of the state, then state, manifest and collection). */
  readonly commitLane: Lane;
  /** `apply` calls, one at a time. */
  readonly applyLane: Lane;
  /** `compact` and `rebuild`, one at a time. */
  readonly backgroundLane: Lane;
  /**
   * Bundle folders written but not yet committed: collection must not touch them. A build's folder is listed
   * here before it is renamed into place (`tracked`), so collection never removes one a commit is about to name.
   */
  readonly uncommitted: Set<string>;
  /** The next collection of folders whose grace period ends, so they go even when no commit follows. */
  sweep: NodeJS.Timeout | null;
  /** The version of the pagefind package in use (rebuild() writes bundles with it). */
  readonly pagefindVersion: string;
}

/** The saved state of `dir`, or null for a new folder. */
async function readState(dir: string): Promise<State | null> {
  try {
    const state = JSON.parse(await readFile(join(dir, STATE_FILE), 'utf8')) as State;
    if (state.version !== 1) throw new Error(`search: unknown state version ${String(state.version)}`);
    return state;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    return null;
  }
}

/**
 * Opens (creating if needed) the search folder `dir`: clears builds a crash interrupted, writes the runtime bundle
 * when missing or of another pagefind version, and re-derives the manifest, in case a crash came between writing
 * the state and the manifest.
 */
export async function openFolder(dir: string, options: SearchIndexOptions): Promise<SearchFolder> {
  const opts: Required<SearchIndexOptions> = {
    shardSize: options.shardSize ?? SHARD_SIZE,
    chunkSize: options.chunkSize ?? INDEX_CHUNK_SIZE,
    graceMs: options.graceMs ?? DEFAULT_GRACE_MS,
  };
  const bundlesDir = join(dir, BUNDLES);
  await mkdir(bundlesDir, { recursive: true });
  for (const parent of [dir, bundlesDir]) {
    for (const name of await readdir(parent))
      if (name.startsWith('.tmp-')) await rm(join(parent, name), { recursive: true, force: true });
  }
  const saved = await readState(dir);
  // The runtime bundle depends only on the pagefind version: (re)write it when missing or different.
  const built = await buildRuntimeBundle(bundlesDir);
  const runtime = { bundle: built.name, sentinel: built.sentinel };
  if (saved && saved.pagefind !== built.version && saved.shards.length > 0) {
    console.warn(`[search] bundles were written by pagefind ${saved.pagefind}, now ${built.version}: call rebuild()`);
  }
  const state: State = saved ?? {
    version: 1,
    pagefind: built.version,
    shardSize: opts.shardSize,
    chunkSize: opts.chunkSize,
    runtime,
    shards: [],
    delta: emptyDelta(),
  };
  const folder: SearchFolder = {
    dir,
    bundlesDir,
    state,
    options: opts,
    commitLane: new Lane(),
    applyLane: new Lane(),
    backgroundLane: new Lane(),
    uncommitted: new Set(),
    sweep: null,
    pagefindVersion: built.version,
  };
  await folder.commitLane.run(() => commit(folder, { ...state, runtime }));
  return folder;
}

/** Runs a bundle build and puts its folder in place, listed as uncommitted: the caller commits it and unlists it. */
export async function tracked(
  folder: SearchFolder,
  build: () => Promise<BuiltBundle | null>,
): Promise<BuiltBundle | null> {
  const built = await build();
  if (!built) return null;
  folder.uncommitted.add(built.name);
  try {
    await placeBundle(folder.bundlesDir, built.staging, built.name);
  } catch (err) {
    folder.uncommitted.delete(built.name);
    throw err;
  }
  return built;
}

/** Writes one bundle in the worker; the caller commits it and then removes it from `uncommitted`. */
export async function buildInWorker(
  folder: SearchFolder,
  key: string,
  records: SearchRecord[],
  worker: BuildWorker,
  chunkSize = folder.state.chunkSize,
): Promise<BuiltBundle | null> {
  if (records.length === 0) return null;
  return tracked(folder, () => worker.build({ bundlesDir: folder.bundlesDir, key, records, chunkSize }));
}

/**
 * Call inside commitLane: writes state, then manifest, then collects folders no longer referenced. With `purge`
 * (a post left the index, or its old URL did), every folder no longer referenced goes at once, grace or not: any
 * of them may hold the post's text. A reader still searching with an older manifest then has to fetch the new one.
 */
export async function commit(folder: SearchFolder, next: State, { purge = false } = {}): Promise<void> {
  const before = referenced(folder.state);
  await writeFileAtomic(join(folder.dir, STATE_FILE), `${JSON.stringify(next)}\n`);
  folder.state = next;
  await writeFileAtomic(join(folder.dir, MANIFEST_FILE), `${JSON.stringify(manifestOf(next))}\n`);
  const now = referenced(next);
  const time = new Date();
  if (!purge) {
    for (const name of before)
      if (!now.has(name)) await utimes(join(folder.bundlesDir, name), time, time).catch(() => undefined);
  }
  await collect(folder, now, purge);
}

/**
 * Removes bundle folders neither named nor in flight: at once with `purge`, else once unreferenced for the grace
 * period; then sets a timer for the next one whose grace ends.
 */
async function collect(folder: SearchFolder, live: Set<string>, purge: boolean): Promise<void> {
  const cutoff = Date.now() - folder.options.graceMs;
  let next = Infinity;
  for (const name of await readdir(folder.bundlesDir)) {
    if (name.startsWith('.tmp-') || live.has(name) || folder.uncommitted.has(name)) continue;
    const path = join(folder.bundlesDir, name);
    const info = await stat(path).catch(() => null);
    if (!info) continue;
    if (purge || info.mtimeMs <= cutoff) await rm(path, { recursive: true, force: true });
    else next = Math.min(next, info.mtimeMs);
  }
  scheduleSweep(folder, next);
}

/**
 * A collection when the oldest folder kept for its grace period is due: without it, a folder retired by the last
 * commit of a quiet day would stay until the next one. The folders' times are the record (a restart collects on
 * open); the timer only makes it happen on time, and does not keep the process alive.
 */
function scheduleSweep(folder: SearchFolder, oldest: number): void {
  if (folder.sweep) clearTimeout(folder.sweep);
  folder.sweep = null;
  if (oldest === Infinity) return;
  // 1 s of slack for file systems with coarse timestamps.
  const delay = Math.max(0, oldest + folder.options.graceMs - Date.now()) + 1000;
  folder.sweep = setTimeout(() => {
    folder.sweep = null;
    void folder.commitLane
      .run(() => collect(folder, referenced(folder.state), false))
      .catch((err: unknown) => console.warn('[search] collecting retired bundles failed:', err));
  }, delay);
  folder.sweep.unref();
}

/**
 * One search folder as its writer holds it: the state in memory, the lanes that order its work, and the bundle
 * folders in flight. `commit` writes state, then manifest, then collects the bundle folders no longer named.
 */
import { mkdir, readdir, readFile, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { buildRuntimeBundle, type BuildWorker, type BuiltBundle, type SearchRecord } from './bundle.ts';
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
  /** Bundle folders written but not yet committed: collection must not touch them. */
  readonly uncommitted: Set<string>;
  /**
   * Start times of builds in progress. A build renames its folder into place before its caller can list it
   * in `uncommitted`, so collection also spares every folder modified since the oldest build started.
   */
  readonly building: Map<object, number>;
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
    building: new Map(),
    pagefindVersion: built.version,
  };
  await folder.commitLane.run(() => commit(folder, { ...state, runtime }));
  return folder;
}

/** Runs a bundle build so that collection spares its folder until the caller has committed it. */
export async function tracked(
  folder: SearchFolder,
  build: () => Promise<BuiltBundle | null>,
): Promise<BuiltBundle | null> {
  const token = {};
  folder.building.set(token, Date.now());
  try {
    const built = await build();
    if (built) folder.uncommitted.add(built.name);
    return built;
  } finally {
    folder.building.delete(token);
  }
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

/** Call inside commitLane: writes state, then manifest, then collects folders no longer referenced. */
export async function commit(folder: SearchFolder, next: State): Promise<void> {
  const before = referenced(folder.state);
  await writeFileAtomic(join(folder.dir, STATE_FILE), `${JSON.stringify(next)}\n`);
  folder.state = next;
  await writeFileAtomic(join(folder.dir, MANIFEST_FILE), `${JSON.stringify(manifestOf(next))}\n`);
  const now = referenced(next);
  const time = new Date();
  for (const name of before)
    if (!now.has(name)) await utimes(join(folder.bundlesDir, name), time, time).catch(() => undefined);
  await collect(folder, now);
}

/** Removes bundle folders neither named nor in flight, once unreferenced for the grace period. */
async function collect(folder: SearchFolder, live: Set<string>): Promise<void> {
  // 1 s of slack for file systems with coarse timestamps.
  const cutoff = Math.min(Date.now() - folder.options.graceMs, ...[...folder.building.values()].map((t) => t - 1000));
  for (const name of await readdir(folder.bundlesDir)) {
    if (name.startsWith('.tmp-') || live.has(name) || folder.uncommitted.has(name)) continue;
    const path = join(folder.bundlesDir, name);
    const info = await stat(path).catch(() => null);
    if (info && info.mtimeMs <= cutoff) await rm(path, { recursive: true, force: true });
  }
}

/**
 * Incremental full-text search for the static site, on pagefind.
 *
 * Posts are split into shards by id (shard = floor((id - 1) / shardSize)); each shard is its own pagefind
 * bundle. A publish (`apply`) never re-indexes a shard: changed posts go into one small delta bundle, rebuilt
 * on each publish from every change not yet compacted, and the stale copies in their shards are hidden by the
 * manifest. `compact()` (background) re-indexes the shards that have changes, one at a time in a worker
 * thread, and then empties the delta. After it, the folder is byte-identical to what `rebuild()` writes from
 * the same records (with `graceMs: 0`; otherwise retired bundle folders linger until their grace ends).
 *
 * Layout of the folder (the site's /pagefind/):
 *   manifest.json      what the browser reads (see manifest.ts), derived from state.json
 *   state.json         what this module needs across restarts: shard contents, delta contents, pending changes
 *   b/{key}-{hash}/    bundle folders, named by content, never rewritten; b/.tmp-* are builds in progress
 * Every write is a temporary file (or folder) renamed into place, state before manifest; a crash leaves the
 * previous consistent pair (or a new state whose manifest `openSearchIndex` re-derives). Folders no longer
 * named by the state are deleted once they have been unreferenced for `graceMs`.
 *
 * One writer per folder (one process). Within it, `apply` calls run one at a time, `compact`/`rebuild` run
 * one at a time and one shard at a time, and the two lanes overlap safely: each commit re-reads the state.
 */
import { mkdir, readdir, readFile, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { buildBundle, buildRuntimeBundle, BuildWorker, type BuiltBundle, type SearchRecord } from './bundle.ts';
import { Lane, sha256, writeFileAtomic } from './files.ts';
import { MANIFEST_FILE, type ManifestBundle, type SearchManifest } from './manifest.ts';

export type { SearchRecord } from './bundle.ts';
export type { SearchManifest, ManifestBundle } from './manifest.ts';

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

export interface SearchChange {
  /** Posts to add or replace (published, changed). */
  upsert: SearchRecord[];
  /** Post ids to make unfindable (unpublished, deleted). */
  remove: number[];
}

export interface SearchIndex {
  /** Fast path: indexes only the delta (posts changed since their shard was indexed); visible on return. */
  apply(change: SearchChange): Promise<void>;
  /** Background: re-indexes, one at a time, the shards that have pending changes, then empties the delta. */
  compact(load: (postIds: { from: number; to: number }) => Promise<SearchRecord[]>): Promise<void>;
  /** From scratch, shard by shard (bounded memory). `all` must yield posts in ascending id order. */
  rebuild(all: AsyncIterable<SearchRecord> | Iterable<SearchRecord>): Promise<void>;
  /** Posts waiting for compaction. */
  pending(): number;
}

export interface SearchIndexOptions {
  shardSize?: number;
  chunkSize?: number;
  /** How long a bundle folder stays after the manifest stops naming it (readers may still load it). */
  graceMs?: number;
}

const STATE_FILE = 'state.json';
const BUNDLES = 'b';
const DEFAULT_GRACE_MS = 10 * 60_000;

interface DeltaEntry {
  postId: number;
  /** Identifies this version of the change: a hash of the record, or 'removed'. */
  key: string;
  record: SearchRecord | null;
}

interface State {
  version: 1;
  /** The pagefind version that wrote the bundles (its browser script must match them). */
  pagefind: string;
  shardSize: number;
  chunkSize: number;
  runtime: { bundle: string; sentinel: string };
  shards: { shard: number; bundle: string; posts: [number, string][] }[];
  delta: {
    bundle: string | null;
    /** What the delta bundle holds: post id, result id, and the entry key it was built from. */
    posts: [number, string, string][];
    /** Changes not yet compacted into their shards, sorted by post id. */
    entries: DeltaEntry[];
  };
}

const keyOf = (record: SearchRecord | null): string =>
  record ? sha256(JSON.stringify(record)).slice(0, 24) : 'removed';

function checkId(postId: unknown): number {
  if (typeof postId !== 'number' || !Number.isSafeInteger(postId) || postId < 1) {
    throw new TypeError(`search: post ids are positive integers, got ${String(postId)}`);
  }
  return postId;
}

function checkRecord(r: SearchRecord): SearchRecord {
  checkId(r.postId);
  for (const field of ['url', 'title', 'category', 'text'] as const) {
    if (typeof r[field] !== 'string') throw new TypeError(`search: post ${r.postId} has no ${field}`);
  }
  if (typeof r.card !== 'object' || r.card === null) throw new TypeError(`search: post ${r.postId} has no card`);
  return r;
}

/** `entries` with `change` applied (a new array, sorted by post id). */
function withChange(entries: DeltaEntry[], change: SearchChange): DeltaEntry[] {
  const next = new Map(entries.map((e) => [e.postId, e]));
  for (const r of change.upsert) next.set(r.postId, { postId: r.postId, key: keyOf(r), record: r });
  for (const id of change.remove) next.set(id, { postId: id, key: keyOf(null), record: null });
  return [...next.values()].sort((a, b) => a.postId - b.postId);
}

function manifestOf(state: State): SearchManifest {
  const pendingKey = new Map(state.delta.entries.map((e) => [e.postId, e.key]));
  const bundles: ManifestBundle[] = [
    { key: 'r', path: `${BUNDLES}/${state.runtime.bundle}/`, hide: [state.runtime.sentinel] },
  ];
  const seen = new Map<string, number>([[state.runtime.sentinel, 1]]);
  const count = (id: string) => seen.set(id, (seen.get(id) ?? 0) + 1);
  for (const s of state.shards) {
    bundles.push({
      key: `s${s.shard}`,
      path: `${BUNDLES}/${s.bundle}/`,
      hide: s.posts.filter(([postId]) => pendingKey.has(postId)).map(([, id]) => id),
    });
    for (const [, id] of s.posts) count(id);
  }
  if (state.delta.bundle) {
    bundles.push({
      key: 'd',
      path: `${BUNDLES}/${state.delta.bundle}/`,
      hide: state.delta.posts.filter(([postId, , key]) => pendingKey.get(postId) !== key).map(([, id]) => id),
    });
    for (const [, id] of state.delta.posts) count(id);
  }
  const ambiguous = [...new Set(bundles.flatMap((b) => b.hide))].filter((id) => (seen.get(id) ?? 0) > 1).sort();
  return { version: 1, bundles, ambiguous };
}

function referenced(state: State): Set<string> {
  const names = new Set([state.runtime.bundle, ...state.shards.map((s) => s.bundle)]);
  if (state.delta.bundle) names.add(state.delta.bundle);
  return names;
}

class FolderSearchIndex implements SearchIndex {
  private readonly dir: string;
  private readonly bundlesDir: string;
  private state: State;
  private readonly options: Required<SearchIndexOptions>;
  /** Serialises commits (read-modify-write of the state, then state, manifest and collection). */
  private readonly commitLane = new Lane();
  private readonly applyLane = new Lane();
  private readonly backgroundLane = new Lane();
  /** Bundle folders written but not yet committed: collection must not touch them. */
  private readonly uncommitted = new Set<string>();
  /**
   * Start times of builds in progress. A build renames its folder into place before its caller can list it
   * in `uncommitted`, so collection also spares every folder modified since the oldest build started.
   */
  private readonly building = new Map<object, number>();
  /** The version of the pagefind package in use (rebuild() writes bundles with it). */
  private pagefindVersion = '';

  private constructor(dir: string, state: State, options: Required<SearchIndexOptions>) {
    this.dir = dir;
    this.bundlesDir = join(dir, BUNDLES);
    this.state = state;
    this.options = options;
  }

  static async open(dir: string, options: SearchIndexOptions): Promise<FolderSearchIndex> {
    const opts: Required<SearchIndexOptions> = {
      shardSize: options.shardSize ?? SHARD_SIZE,
      chunkSize: options.chunkSize ?? INDEX_CHUNK_SIZE,
      graceMs: options.graceMs ?? DEFAULT_GRACE_MS,
    };
    const bundlesDir = join(dir, BUNDLES);
    await mkdir(bundlesDir, { recursive: true });
    // Builds that a crash interrupted.
    for (const parent of [dir, bundlesDir]) {
      for (const name of await readdir(parent))
        if (name.startsWith('.tmp-')) await rm(join(parent, name), { recursive: true, force: true });
    }
    let state: State | null = null;
    try {
      state = JSON.parse(await readFile(join(dir, STATE_FILE), 'utf8')) as State;
      if (state.version !== 1) throw new Error(`search: unknown state version ${String(state.version)}`);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    // The runtime bundle depends only on the pagefind version: (re)write it when missing or different.
    const built = await buildRuntimeBundle(bundlesDir);
    const runtime = { bundle: built.name, sentinel: built.sentinel };
    if (state && state.pagefind !== built.version && state.shards.length > 0) {
      console.warn(`[search] bundles were written by pagefind ${state.pagefind}, now ${built.version}: call rebuild()`);
    }
    state ??= {
      version: 1,
      pagefind: built.version,
      shardSize: opts.shardSize,
      chunkSize: opts.chunkSize,
      runtime,
      shards: [],
      delta: { bundle: null, posts: [], entries: [] },
    };
    const index = new FolderSearchIndex(dir, state, opts);
    index.pagefindVersion = built.version;
    // Also re-derives the manifest, in case a crash came between writing the state and the manifest.
    const current = { ...state, runtime };
    await index.commitLane.run(() => index.commit(current));
    return index;
  }

  pending(): number {
    return this.state.delta.entries.length;
  }

  async apply(change: SearchChange): Promise<void> {
    const upsert = [...new Map(change.upsert.map((r) => [checkRecord(r).postId, r])).values()];
    const remove = [...new Set(change.remove.map(checkId))];
    const both = remove.filter((id) => upsert.some((r) => r.postId === id));
    if (both.length) throw new TypeError(`search: posts both upserted and removed: ${both.join(', ')}`);
    const normalised: SearchChange = { upsert, remove };
    return this.applyLane.run(async () => {
      const next = withChange(this.state.delta.entries, normalised);
      let built: BuiltBundle | null | undefined; // undefined: the delta bundle does not need rewriting
      if (upsert.length > 0) {
        const records = next.flatMap((e) => (e.record ? [e.record] : []));
        const options = { bundlesDir: this.bundlesDir, key: 'd', records, chunkSize: this.state.chunkSize };
        built = await this.tracked(() => buildBundle(options));
      }
      try {
        await this.commitLane.run(async () => {
          const previous = this.state;
          // Re-read: a compaction may have folded some entries into their shards while the delta was built.
          const entries = withChange(previous.delta.entries, normalised);
          const keys = new Map(next.map((e) => [e.postId, e.key]));
          const delta =
            built === undefined
              ? { ...previous.delta, entries }
              : {
                  bundle: built?.name ?? null,
                  posts: (built?.posts ?? []).map(([p, id]): [number, string, string] => [p, id, keys.get(p)!]),
                  entries,
                };
          await this.commit({ ...previous, delta: entries.length ? delta : { bundle: null, posts: [], entries: [] } });
        });
      } finally {
        if (built) this.uncommitted.delete(built.name);
      }
    });
  }

  compact(load: (postIds: { from: number; to: number }) => Promise<SearchRecord[]>): Promise<void> {
    return this.backgroundLane.run(async () => {
      const size = this.state.shardSize;
      const shardOf = (postId: number) => Math.floor((postId - 1) / size);
      const todo = [...new Set(this.state.delta.entries.map((e) => shardOf(e.postId)))].sort((a, b) => a - b);
      const worker = new BuildWorker();
      try {
        for (const shard of todo) {
          const snapshot = new Map(
            this.state.delta.entries.filter((e) => shardOf(e.postId) === shard).map((e) => [e.postId, e.key]),
          );
          if (snapshot.size === 0) continue;
          const from = shard * size + 1;
          const to = from + size - 1;
          const records = sortedUnique(await load({ from, to }));
          for (const r of records) {
            if (r.postId < from || r.postId > to)
              throw new RangeError(`search: load(${from}..${to}) returned post ${r.postId}`);
          }
          const built = await this.build(`s${shard}`, records, worker);
          try {
            await this.commitLane.run(() => {
              const s = this.state;
              const shards = s.shards.filter((x) => x.shard !== shard);
              if (built) shards.push({ shard, bundle: built.name, posts: built.posts });
              shards.sort((a, b) => a.shard - b.shard);
              const entries = s.delta.entries.filter((e) => snapshot.get(e.postId) !== e.key);
              return this.commit({
                ...s,
                shards,
                delta: entries.length ? { ...s.delta, entries } : { bundle: null, posts: [], entries: [] },
              });
            });
          } finally {
            if (built) this.uncommitted.delete(built.name);
          }
        }
      } finally {
        await worker.close();
      }
    });
  }

  rebuild(all: AsyncIterable<SearchRecord> | Iterable<SearchRecord>): Promise<void> {
    return this.backgroundLane.run(async () => {
      const size = this.options.shardSize;
      const chunkSize = this.options.chunkSize;
      const snapshot = new Map(this.state.delta.entries.map((e) => [e.postId, e.key]));
      const worker = new BuildWorker();
      const shards: State['shards'] = [];
      try {
        let group: SearchRecord[] = [];
        let last = 0;
        const flush = async () => {
          if (group.length === 0) return;
          const shard = Math.floor((group[0]!.postId - 1) / size);
          const built = await this.build(`s${shard}`, group, worker, chunkSize);
          if (built) shards.push({ shard, bundle: built.name, posts: built.posts });
          group = [];
        };
        for await (const r of all) {
          checkRecord(r);
          if (r.postId <= last)
            throw new RangeError(`search: rebuild needs ascending post ids (${r.postId} after ${last})`);
          if (group.length > 0 && Math.floor((r.postId - 1) / size) !== Math.floor((last - 1) / size)) await flush();
          last = r.postId;
          group.push(r);
        }
        await flush();
        await this.commitLane.run(() => {
          const s = this.state;
          const entries = s.delta.entries.filter((e) => snapshot.get(e.postId) !== e.key);
          const delta = entries.length ? { ...s.delta, entries } : { bundle: null, posts: [], entries: [] };
          return this.commit({ ...s, pagefind: this.pagefindVersion, shardSize: size, chunkSize, shards, delta });
        });
      } finally {
        for (const s of shards) this.uncommitted.delete(s.bundle);
        await worker.close();
      }
    });
  }

  /** Writes one bundle in the worker; the caller commits it and then removes it from `uncommitted`. */
  private async build(
    key: string,
    records: SearchRecord[],
    worker: BuildWorker,
    chunkSize = this.state.chunkSize,
  ): Promise<BuiltBundle | null> {
    if (records.length === 0) return null;
    return this.tracked(() => worker.build({ bundlesDir: this.bundlesDir, key, records, chunkSize }));
  }

  /** Runs a bundle build so that collection spares its folder until the caller has committed it. */
  private async tracked(build: () => Promise<BuiltBundle | null>): Promise<BuiltBundle | null> {
    const token = {};
    this.building.set(token, Date.now());
    try {
      const built = await build();
      if (built) this.uncommitted.add(built.name);
      return built;
    } finally {
      this.building.delete(token);
    }
  }

  /** Call inside commitLane: writes state, then manifest, then collects folders no longer referenced. */
  private async commit(next: State): Promise<void> {
    const before = referenced(this.state);
    await writeFileAtomic(join(this.dir, STATE_FILE), `${JSON.stringify(next)}\n`);
    this.state = next;
    await writeFileAtomic(join(this.dir, MANIFEST_FILE), `${JSON.stringify(manifestOf(next))}\n`);
    const now = referenced(next);
    const time = new Date();
    for (const name of before)
      if (!now.has(name)) await utimes(join(this.bundlesDir, name), time, time).catch(() => undefined);
    await this.collect(now);
  }

  private async collect(live: Set<string>): Promise<void> {
    // 1 s of slack for file systems with coarse timestamps.
    const cutoff = Math.min(Date.now() - this.options.graceMs, ...[...this.building.values()].map((t) => t - 1000));
    for (const name of await readdir(this.bundlesDir)) {
      if (name.startsWith('.tmp-') || live.has(name) || this.uncommitted.has(name)) continue;
      const path = join(this.bundlesDir, name);
      const info = await stat(path).catch(() => null);
      if (info && info.mtimeMs <= cutoff) await rm(path, { recursive: true, force: true });
    }
  }
}

function sortedUnique(records: SearchRecord[]): SearchRecord[] {
  const sorted = records.map(checkRecord).sort((a, b) => a.postId - b.postId);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.postId === sorted[i - 1]!.postId)
      throw new RangeError(`search: post ${sorted[i]!.postId} loaded twice`);
  }
  return sorted;
}

/** Opens (creating if needed) the search index kept in `dir`, the site's pagefind folder. */
export function openSearchIndex(dir: string, options: SearchIndexOptions = {}): Promise<SearchIndex> {
  return FolderSearchIndex.open(dir, options);
}

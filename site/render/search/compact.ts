/**
 * Background: re-indexes, one at a time in a worker thread, the shards that have pending changes, then drops
 * the entries each one folded in from the delta. A post removed (or moved to a new URL) while its shard was being
 * indexed from records loaded before is taken out of the new bundle before it is committed (purge.ts).
 */
import { BuildWorker, type SearchRecord } from './bundle.ts';
import { buildInWorker, commit, type SearchFolder } from './folder.ts';
import { staleCopies, withoutStale } from './purge.ts';
import { sortedUnique } from './records.ts';
import { withEntries } from './state.ts';

/** Loads the published posts with ids in [from, to]. */
export type LoadRange = (postIds: { from: number; to: number }) => Promise<SearchRecord[]>;

/** Re-indexes `shard` from `load` and commits it, dropping the pending entries it folded in (`snapshot`). */
async function compactShard(
  folder: SearchFolder,
  { shard, size }: { shard: number; size: number },
  snapshot: Map<number, string>,
  load: LoadRange,
  worker: BuildWorker,
): Promise<void> {
  const from = shard * size + 1;
  const to = from + size - 1;
  const records = sortedUnique(await load({ from, to }));
  for (const r of records) {
    if (r.postId < from || r.postId > to)
      throw new RangeError(`search: load(${from}..${to}) returned post ${r.postId}`);
  }
  const built = await buildInWorker(folder, `s${shard}`, records, worker);
  try {
    await folder.commitLane.run(async () => {
      const s = folder.state;
      const entries = s.delta.entries.filter((e) => snapshot.get(e.postId) !== e.key);
      const urls = new Map(records.map((r) => [r.postId, r.url]));
      const { bundle, posts } = await withoutStale(folder, built, staleCopies(entries, urls));
      const shards = s.shards.filter((x) => x.shard !== shard);
      if (bundle) shards.push({ shard, bundle, posts });
      shards.sort((a, b) => a.shard - b.shard);
      return commit(folder, { ...s, shards, delta: withEntries(s.delta, entries) });
    });
  } finally {
    if (built) folder.uncommitted.delete(built.name);
  }
}

export function compact(folder: SearchFolder, load: LoadRange): Promise<void> {
  return folder.backgroundLane.run(async () => {
    const size = folder.state.shardSize;
    const shardOf = (postId: number) => Math.floor((postId - 1) / size);
    const todo = [...new Set(folder.state.delta.entries.map((e) => shardOf(e.postId)))].sort((a, b) => a - b);
    const worker = new BuildWorker();
    try {
      for (const shard of todo) {
        const snapshot = new Map(
          folder.state.delta.entries.filter((e) => shardOf(e.postId) === shard).map((e) => [e.postId, e.key]),
        );
        if (snapshot.size === 0) continue;
        await compactShard(folder, { shard, size }, snapshot, load, worker);
      }
    } finally {
      await worker.close();
    }
  });
}

/** Background: the whole index from scratch, shard by shard (bounded memory), in a worker thread. */
import { BuildWorker, type BuiltBundle, type SearchRecord } from './bundle.ts';
import { buildInWorker, commit, type SearchFolder } from './folder.ts';
import { staleCopies, withoutStale } from './purge.ts';
import { checkRecord } from './records.ts';
import { withEntries, type State } from './state.ts';

/** The bundles a rebuild wrote, and the URL it indexed each post with. */
interface Built {
  shards: { shard: number; built: BuiltBundle }[];
  urls: Map<number, string>;
}

/** Builds a shard bundle from each run of `all` within one shard; `all` must yield ascending post ids. */
async function buildShards(
  folder: SearchFolder,
  all: AsyncIterable<SearchRecord> | Iterable<SearchRecord>,
  worker: BuildWorker,
  out: Built,
): Promise<void> {
  const { shardSize: size, chunkSize } = folder.options;
  let group: SearchRecord[] = [];
  let last = 0;
  const flush = async () => {
    if (group.length === 0) return;
    const shard = Math.floor((group[0]!.postId - 1) / size);
    const built = await buildInWorker(folder, `s${shard}`, group, worker, chunkSize);
    if (built) out.shards.push({ shard, built });
    group = [];
  };
  for await (const r of all) {
    checkRecord(r);
    if (r.postId <= last) throw new RangeError(`search: rebuild needs ascending post ids (${r.postId} after ${last})`);
    if (group.length > 0 && Math.floor((r.postId - 1) / size) !== Math.floor((last - 1) / size)) await flush();
    last = r.postId;
    group.push(r);
    out.urls.set(r.postId, r.url);
  }
  await flush();
}

/**
 * Indexes `all` from scratch, then replaces every shard and drops the pending entries present when it began. A post
 * removed (or moved to a new URL) meanwhile is taken out of the new bundles before they are committed (purge.ts).
 */
export function rebuild(
  folder: SearchFolder,
  all: AsyncIterable<SearchRecord> | Iterable<SearchRecord>,
): Promise<void> {
  return folder.backgroundLane.run(async () => {
    const { shardSize, chunkSize } = folder.options;
    const snapshot = new Map(folder.state.delta.entries.map((e) => [e.postId, e.key]));
    const worker = new BuildWorker();
    const out: Built = { shards: [], urls: new Map() };
    try {
      await buildShards(folder, all, worker, out);
      await folder.commitLane.run(async () => {
        const s = folder.state;
        const entries = s.delta.entries.filter((e) => snapshot.get(e.postId) !== e.key);
        const stale = staleCopies(entries, out.urls);
        const shards: State['shards'] = [];
        for (const { shard, built } of out.shards) {
          const { bundle, posts } = await withoutStale(folder, built, stale);
          if (bundle) shards.push({ shard, bundle, posts });
        }
        const delta = withEntries(s.delta, entries);
        return commit(folder, { ...s, pagefind: folder.pagefindVersion, shardSize, chunkSize, shards, delta });
      });
    } finally {
      for (const s of out.shards) folder.uncommitted.delete(s.built.name);
      await worker.close();
    }
  });
}

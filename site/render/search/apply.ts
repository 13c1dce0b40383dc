/**
 * The fast path of a publish: changed posts go into one small delta bundle, rebuilt from every change not yet
 * compacted, and the stale copies in their shards are hidden by the manifest. No shard is re-indexed here.
 */
import { buildBundle, type BuiltBundle } from './bundle.ts';
import { commit, tracked, type SearchFolder } from './folder.ts';
import { checkId, checkRecord } from './records.ts';
import { emptyDelta, withChange, type SearchChange } from './state.ts';

/** `change` with each post once, checked; throws on a post both upserted and removed. */
function normalise(change: SearchChange): SearchChange {
  const upsert = [...new Map(change.upsert.map((r) => [checkRecord(r).postId, r])).values()];
  const remove = [...new Set(change.remove.map(checkId))];
  const both = remove.filter((id) => upsert.some((r) => r.postId === id));
  if (both.length) throw new TypeError(`search: posts both upserted and removed: ${both.join(', ')}`);
  return { upsert, remove };
}

/** Indexes only the delta (posts changed since their shard was indexed); visible on return. */
export async function applyChange(folder: SearchFolder, change: SearchChange): Promise<void> {
  const normalised = normalise(change);
  return folder.applyLane.run(async () => {
    const next = withChange(folder.state.delta.entries, normalised);
    let built: BuiltBundle | null | undefined; // undefined: the delta bundle does not need rewriting
    if (normalised.upsert.length > 0) {
      const records = next.flatMap((e) => (e.record ? [e.record] : []));
      const options = { bundlesDir: folder.bundlesDir, key: 'd', records, chunkSize: folder.state.chunkSize };
      built = await tracked(folder, () => buildBundle(options));
    }
    try {
      await folder.commitLane.run(async () => {
        const previous = folder.state;
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
        await commit(folder, { ...previous, delta: entries.length ? delta : emptyDelta() });
      });
    } finally {
      if (built) folder.uncommitted.delete(built.name);
    }
  });
}

/**
 * The fast path of a publish: changed posts go into one small delta bundle, rebuilt from every change not yet
 * compacted, and the stale copies in their shards are hidden by the manifest. No shard is re-indexed here. A post
 * that is removed (or moved to a new URL) must leave the public files, not only be hidden: every bundle holding a
 * copy of it (the old one, for a new URL) is replaced by its copy without it (purge.ts), and every folder no longer
 * named is removed at once.
 */
import { buildBundle, type BuiltBundle } from './bundle.ts';
import { commit, tracked, type SearchFolder } from './folder.ts';
import { withoutPosts } from './purge.ts';
import { checkId, checkRecord } from './records.ts';
import { emptyDelta, withChange, type SearchChange } from './state.ts';

/** `change` with each post once, checked; throws on a post both upserted and removed, or purged but not upserted. */
function normalise(change: SearchChange): Required<SearchChange> {
  const upsert = [...new Map(change.upsert.map((r) => [checkRecord(r).postId, r])).values()];
  const remove = [...new Set(change.remove.map(checkId))];
  const purge = [...new Set((change.purge ?? []).map(checkId))];
  const both = remove.filter((id) => upsert.some((r) => r.postId === id));
  if (both.length) throw new TypeError(`search: posts both upserted and removed: ${both.join(', ')}`);
  const stray = purge.filter((id) => !upsert.some((r) => r.postId === id));
  if (stray.length) throw new TypeError(`search: posts purged but not upserted: ${stray.join(', ')}`);
  return { upsert, remove, purge };
}

/** Indexes only the delta (posts changed since their shard was indexed); visible on return. */
export async function applyChange(folder: SearchFolder, change: SearchChange): Promise<void> {
  const normalised = normalise(change);
  const gone = new Set([...normalised.remove, ...normalised.purge]);
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
        let state = { ...previous, delta };
        // A delta just built holds no removed post, and the new versions of purged ones.
        if (gone.size > 0)
          state = { ...state, ...(await withoutPosts(folder, state, gone, { keepDelta: built !== undefined })) };
        await commit(
          folder,
          { ...state, delta: entries.length ? state.delta : emptyDelta() },
          { purge: gone.size > 0 },
        );
      });
    } finally {
      if (built) folder.uncommitted.delete(built.name);
    }
  });
}

/**
 * Incremental full-text search for the static site, on pagefind (docs/decisions/003-sharded-search.md).
 *
 * Posts are split into shards by id (shard = floor((id - 1) / shardSize)); each shard is its own pagefind
 * bundle. A publish (`apply`, apply.ts) never re-indexes a shard: changed posts go into one small delta bundle,
 * rebuilt on each publish from every change not yet compacted, and the stale copies in their shards are hidden by
 * the manifest. `compact()` (compact.ts, background) re-indexes the shards that have changes, one at a time in a
 * worker thread, and then empties the delta. After it, the folder is byte-identical to what `rebuild()`
 * (rebuild.ts) writes from the same records (with `graceMs: 0`; otherwise retired bundle folders linger until
 * their grace ends).
 *
 * Layout of the folder (the site's /pagefind/):
 *   manifest.json      what the browser reads (see manifest.ts), derived from state.json
 *   state.json         what this module needs across restarts (state.ts): shard contents, delta contents, pending
 *                      changes
 *   b/{key}-{hash}/    bundle folders, named by content, never rewritten; b/.tmp-* are builds in progress
 * Every write is a temporary file (or folder) renamed into place, state before manifest; a crash leaves the
 * previous consistent pair (or a new state whose manifest `openSearchIndex` re-derives). Folders no longer
 * named by the state are deleted once they have been unreferenced for `graceMs` (folder.ts).
 *
 * One writer per folder (one process). Within it, `apply` calls run one at a time, `compact`/`rebuild` run
 * one at a time and one shard at a time, and the two lanes overlap safely: each commit re-reads the state.
 */
import { applyChange } from './apply.ts';
import type { SearchRecord } from './bundle.ts';
import { compact, type LoadRange } from './compact.ts';
import { openFolder, type SearchIndexOptions } from './folder.ts';
import { rebuild } from './rebuild.ts';
import type { SearchChange } from './state.ts';

export interface SearchIndex {
  /** Fast path: indexes only the delta (posts changed since their shard was indexed); visible on return. */
  apply(change: SearchChange): Promise<void>;
  /** Background: re-indexes, one at a time, the shards that have pending changes, then empties the delta. */
  compact(load: LoadRange): Promise<void>;
  /** From scratch, shard by shard (bounded memory). `all` must yield posts in ascending id order. */
  rebuild(all: AsyncIterable<SearchRecord> | Iterable<SearchRecord>): Promise<void>;
  /** Posts waiting for compaction. */
  pending(): number;
}

/** Opens (creating if needed) the search index kept in `dir`, the site's pagefind folder. */
export async function openSearchIndex(dir: string, options: SearchIndexOptions = {}): Promise<SearchIndex> {
  const folder = await openFolder(dir, options);
  return {
    apply: (change) => applyChange(folder, change),
    compact: (load) => compact(folder, load),
    rebuild: (all) => rebuild(folder, all),
    pending: () => folder.state.delta.entries.length,
  };
}

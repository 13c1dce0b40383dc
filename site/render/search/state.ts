/**
 * What the search folder's state.json holds (shard contents, delta contents, pending changes), and the pure
 * functions over it: a change folded into the pending entries, the manifest the browser reads, and the bundle
 * folders the state names.
 */
import type { SearchRecord } from './bundle.ts';
import { sha256 } from './files.ts';
import type { ManifestBundle, SearchManifest } from './manifest.ts';

/** The bundle folders live in `b/` of the search folder. */
export const BUNDLES = 'b';

export interface SearchChange {
  /** Posts to add or replace (published, changed). */
  upsert: SearchRecord[];
  /** Post ids to make unfindable (unpublished, deleted); their copies leave the files at once. */
  remove: number[];
  /** Upserted posts whose earlier copies must leave the files at once, not only be hidden (a new URL). */
  purge?: number[];
}

export interface DeltaEntry {
  postId: number;
  /** Identifies this version of the change: a hash of the record, or 'removed'. */
  key: string;
  record: SearchRecord | null;
}

export interface State {
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

/** A delta with no bundle and nothing pending. */
export function emptyDelta(): State['delta'] {
  return { bundle: null, posts: [], entries: [] };
}

/** The delta with only the `entries` left (no bundle or posts change), or an empty one when none are. */
export function withEntries(delta: State['delta'], entries: DeltaEntry[]): State['delta'] {
  return entries.length ? { ...delta, entries } : emptyDelta();
}

export const keyOf = (record: SearchRecord | null): string =>
  record ? sha256(JSON.stringify(record)).slice(0, 24) : 'removed';

/** `entries` with `change` applied (a new array, sorted by post id). */
export function withChange(entries: DeltaEntry[], change: SearchChange): DeltaEntry[] {
  const next = new Map(entries.map((e) => [e.postId, e]));
  for (const r of change.upsert) next.set(r.postId, { postId: r.postId, key: keyOf(r), record: r });
  for (const id of change.remove) next.set(id, { postId: id, key: keyOf(null), record: null });
  return [...next.values()].sort((a, b) => a.postId - b.postId);
}

/** The manifest of a state: every bundle, with the results each must hide (stale copies, removed posts). */
export function manifestOf(state: State): SearchManifest {
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

/** The bundle folders a state names. */
export function referenced(state: State): Set<string> {
  const names = new Set([state.runtime.bundle, ...state.shards.map((s) => s.bundle)]);
  if (state.delta.bundle) names.add(state.delta.bundle);
  return names;
}

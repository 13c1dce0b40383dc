/**
 * Taking posts out of the search files at once: an unpublished or deleted post, the copy under its old URL of a
 * post with a new slug, and copies a background build made of posts that changed so while it ran. Each bundle that
 * holds such a copy is replaced by its copy without it (redact.ts). Everything here runs inside the commit lane, so
 * the state it starts from is the one its commit replaces.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { BuiltBundle } from './bundle.ts';
import type { SearchFolder } from './folder.ts';
import type { RedactRequest } from './redact-worker.ts';
import type { DeltaEntry, State } from './state.ts';
import { WorkerCalls } from './worker-calls.ts';

/**
 * Redactions run in a worker thread (redact-worker.ts), started on first use and ended after a minute without one:
 * the main thread renders the publish's pages meanwhile.
 */
const redactor = new WorkerCalls<RedactRequest, string | null>(new URL('./redact-worker.ts', import.meta.url), {
  name: 'search redaction worker',
  idleMs: 60_000,
});

/** A bundle's folder and the posts it holds ([post id, result id, …]). */
interface Held<P extends [number, string, ...unknown[]]> {
  bundle: string | null;
  posts: P[];
}

/** `bundle` without the posts in `gone`: the folder of its copy (null when none is left) and the posts left. */
async function without<P extends [number, string, ...unknown[]]>(
  folder: SearchFolder,
  { bundle, posts }: Held<P>,
  gone: ReadonlySet<number>,
): Promise<Held<P>> {
  const ids = posts.filter(([postId]) => gone.has(postId)).map(([, id]) => id);
  if (!bundle || ids.length === 0) return { bundle, posts };
  const kept = posts.filter(([postId]) => !gone.has(postId));
  const name = kept.length ? await redactor.call({ bundlesDir: folder.bundlesDir, name: bundle, ids }) : null;
  return name ? { bundle: name, posts: kept } : { bundle: null, posts: [] };
}

/**
 * The state's shards (and its delta, unless `keepDelta`: a delta just rebuilt holds the new versions) without any
 * copy of the posts `gone`. A shard with nothing left is dropped.
 */
export async function withoutPosts(
  folder: SearchFolder,
  state: State,
  gone: ReadonlySet<number>,
  { keepDelta = false } = {},
): Promise<Pick<State, 'shards' | 'delta'>> {
  const shards: State['shards'] = [];
  for (const s of state.shards) {
    const left = await without(folder, s, gone);
    if (left.bundle) shards.push({ ...s, bundle: left.bundle, posts: left.posts });
  }
  const delta = keepDelta ? state.delta : { ...state.delta, ...(await without(folder, state.delta, gone)) };
  return { shards, delta };
}

/**
 * The posts of a background build whose copies must not be committed: those removed since their records were
 * loaded, or moved to another URL (`urls`: the URL each post was indexed with). `pending` are the changes the
 * build did not fold in.
 */
export function staleCopies(pending: DeltaEntry[], urls: ReadonlyMap<number, string>): Set<number> {
  return new Set(
    pending
      .filter((e) => urls.has(e.postId) && (e.record === null || e.record.url !== urls.get(e.postId)))
      .map((e) => e.postId),
  );
}

/** A background build without the copies in `stale`; the folder as built is removed at once when it held any. */
export async function withoutStale(
  folder: SearchFolder,
  built: BuiltBundle | null,
  stale: ReadonlySet<number>,
): Promise<Held<[number, string]>> {
  if (!built) return { bundle: null, posts: [] };
  const left = await without(folder, { bundle: built.name, posts: built.posts }, stale);
  if (left.bundle !== built.name) {
    folder.uncommitted.delete(built.name);
    await rm(join(folder.bundlesDir, built.name), { recursive: true, force: true });
  }
  return left;
}

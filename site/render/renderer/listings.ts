/**
 * The listings' JSON files after a publish: each affected listing's head, and only the chunks whose members
 * changed (chunks are content-defined, so a publish touches few of them at any archive size; see
 * site/lib/shared/post-list.ts).
 */
import { join } from 'node:path';
import type { SiteData } from '../../lib/build/site-data.ts';
import { ALL_KEY, chunkPath, headPath, listingKey, type Listing } from '../../lib/shared/post-list.ts';
import { fileOf, listFiles, removeFile } from '../outputs.ts';
import type { SiteIndex } from '../site-index.ts';
import type { RendererContext } from './context.ts';
import { writeRoute } from './render-route.ts';

/** The keys of every listing the site has: all posts, and each listing category. */
export function listingKeys(idx: SiteIndex): string[] {
  return [ALL_KEY, ...idx.listingCategories().map(listingKey)];
}

/** Signatures of a listing's chunks: member ids and next link. */
export function chunkSignatures(listing: Listing): Map<string, string> {
  return new Map(listing.chunks.map((c) => [c.chunk, `${c.posts.map((p) => p.slug).join(',')}>${c.next}`]));
}

export interface ListingUpdate {
  /** The keys of the listings to update. */
  keys: string[];
  /** The chunk signatures of each of them before the change. */
  before: Map<string, Map<string, string>>;
  /** The posts whose place in the listings changed. */
  listIds: Set<number>;
  /** Whether the index was loaded afresh (there is no "before" to compare with: every chunk is written). */
  reloaded: boolean;
}

/**
 * Writes the heads and the changed chunks of the listings `keys`, and removes the chunks (and listings) that
 * are gone. The files written and removed.
 */
export async function updateListings(
  ctx: RendererContext,
  dir: string,
  idx: SiteIndex,
  data: SiteData,
  { keys, before, listIds, reloaded }: ListingUpdate,
): Promise<{ written: number; removed: number }> {
  let written = 0;
  let removed = 0;
  const liveKeys = new Set(listingKeys(idx));
  for (const key of keys) {
    if (!liveKeys.has(key)) {
      for (const file of listFiles(dir, join(dir, 'data/posts', key))) if (removeFile(dir, file)) removed++;
      continue;
    }
    const listing = idx.listing(key);
    const old = before.get(key)!;
    const now = chunkSignatures(listing);
    await writeRoute(ctx, dir, headPath(key), data);
    written++;
    for (const chunk of listing.chunks) {
      const touched = chunk.posts.some((p) => [...listIds].some((id) => idx.get(id)?.slug === p.slug));
      if (reloaded || touched || old.get(chunk.chunk) !== now.get(chunk.chunk)) {
        await writeRoute(ctx, dir, chunkPath(key, chunk.chunk), data);
        written++;
      }
    }
    for (const name of old.keys()) if (!now.has(name) && removeFile(dir, fileOf(chunkPath(key, name)))) removed++;
  }
  return { written, removed };
}

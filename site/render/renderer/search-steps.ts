/**
 * The live folder's search index (site/render/search, docs/decisions/003-sharded-search.md): a publish adds its
 * posts to the small delta bundle at once; apart from the publish path, `searchStep` indexes every post when the
 * folder has none yet and otherwise re-indexes the shards with changes. Pagefind runs in its own process, so
 * publishes go on meanwhile.
 */
import { join } from 'node:path';
import type { SitePost } from 'content-schema/site-feed';
import { toCard } from '../../lib/shared/post-list.ts';
import { openSearchIndex, type SearchIndex } from '../search/index.ts';
import type { SearchRecord } from '../search/bundle.ts';
import type { Affected } from './affected.ts';
import { summaryOf } from './articles.ts';
import { saveState, type RendererContext } from './context.ts';
import { liveDir, needsFull } from './live-folder.ts';

/** The search index of the live folder `dir`, opened once per folder. */
function liveSearch(ctx: RendererContext, dir: string): Promise<SearchIndex> {
  if (ctx.search?.dir !== dir) {
    ctx.search = { dir, index: openSearchIndex(join(dir, 'pagefind'), ctx.searchOptions) };
  }
  return ctx.search.index;
}

/** A post as the search index takes it. */
function searchRecord(post: SitePost): SearchRecord {
  return {
    postId: post.id,
    url: `/post/${post.slug}`,
    title: post.title,
    category: post.category,
    text: post.text ?? '',
    card: toCard(summaryOf(post)),
  };
}

/**
 * A publish's search change: the changed posts that went live are added to the delta; those that are gone, or
 * could not be rendered and were not live before, are removed, and the copies under an old URL of those that
 * went live under a new one are purged: either way their text leaves the search files, not only the results.
 */
export async function publishToSearch(
  ctx: RendererContext,
  dir: string,
  { current, postIds, listIds, byId, previous, goneSlugs }: Affected,
  failed: Set<number>,
): Promise<void> {
  const live = current.filter((p) => !failed.has(p.id) && listIds.has(p.id));
  await (
    await liveSearch(ctx, dir)
  ).apply({
    upsert: live.map(searchRecord),
    remove: postIds.filter((id) => !byId.has(id) || (failed.has(id) && !previous.has(id))),
    purge: live.filter((p) => [...(goneSlugs.get(p.id) ?? [])].some((slug) => slug !== p.slug)).map((p) => p.id),
  });
}

/** Published posts with ids in [from, to] as search records, for re-indexing a shard. */
async function recordsBetween(ctx: RendererContext, range: { from: number; to: number }): Promise<SearchRecord[]> {
  const out: SearchRecord[] = [];
  for await (const page of ctx.source.posts(200, true, range.from - 1)) {
    for (const p of page) if (p.id <= range.to && p.html !== null) out.push(searchRecord(p));
    if (page.length === 0 || page.at(-1)!.id >= range.to) break;
  }
  return out;
}

/** Every published post with a body as a search record, in ascending id order. */
async function* allRecords(ctx: RendererContext): AsyncGenerator<SearchRecord> {
  for await (const page of ctx.source.posts(100, true))
    for (const p of page) if (p.html !== null) yield searchRecord(p);
}

/**
 * One unit of search work, apart from the publish path: index every post when the folder has no index yet,
 * else re-index the shards with changes (the delta a publish writes stays small). False when there is none.
 */
export async function searchStep(ctx: RendererContext): Promise<boolean> {
  const dir = liveDir(ctx);
  if (!dir || !ctx.state || needsFull(ctx)) return false;
  const index = await liveSearch(ctx, dir);
  if (!ctx.state.searchReady) {
    await index.rebuild(allRecords(ctx));
    if (liveDir(ctx) === dir) saveState(ctx, { ...ctx.state, searchReady: true });
    return true;
  }
  if (index.pending() === 0) return false;
  await index.compact((range) => recordsBetween(ctx, range));
  return true;
}

/** Posts whose search entry waits for re-indexing (or 1 while the whole index is missing). */
export async function searchPending(ctx: RendererContext): Promise<number> {
  const dir = liveDir(ctx);
  if (!dir || !ctx.state) return 0;
  return ctx.state.searchReady ? (await liveSearch(ctx, dir)).pending() : 1;
}

/**
 * A publish: renders only what a set of change records affects into the live folder, each file by temp-file +
 * rename, in this order: the affected set, the index, the articles and their images, removals of old URLs, the
 * pages that list posts, the listings' JSON, and state.json. The search change (the delta, and the removal of a
 * gone post's copies from the search files) starts once the articles are written and runs beside the pages, off
 * this thread. The related blocks of the categories whose newest posts changed are queued as background work,
 * those naming a post no longer at its URL first (related-spread.ts). See docs/decisions/002-warm-renderer.md and 021-removed-posts-leave-the-public-files.md.
 */
import type { BuildPostError } from 'content-schema/build';
import type { RenderChange, RenderResult } from 'content-schema/render';
import { modifiedTime, ALL_KEY, listingKey } from '../../lib/shared/post-list.ts';
import { ogImageFile, ogImageInput } from '../og-image.ts';
import { fileOf, removeFile } from '../outputs.ts';
import type { SiteIndex } from '../site-index.ts';
import { affectedBy, type Affected } from './affected.ts';
import { renderArticles, summaryOf } from './articles.ts';
import { relatedWindows, spreadAfter } from './background.ts';
import { loadIndex, saveState, type RendererContext } from './context.ts';
import { chunkSignatures, updateListings } from './listings.ts';
import { liveDir, needsFull } from './live-folder.ts';
import { bodiesFor, categoryFeeds, categoryPages, FEED_PAGES, LIST_PAGES, writeRedirects } from './pages.ts';
import { writeRoute } from './render-route.ts';
import { publishToSearch } from './search-steps.ts';

/** Puts the changes into the index, with the redirects and corrections log; whether the log changed. */
async function updateIndex(ctx: RendererContext, idx: SiteIndex, { postIds, byId }: Affected): Promise<boolean> {
  for (const id of postIds) {
    const after = byId.get(id);
    if (after) idx.put(summaryOf(after));
    else idx.delete(id);
  }
  idx.setRedirects(await ctx.source.redirects());
  const logBefore = JSON.stringify(idx.corrections);
  idx.setCorrections(await ctx.source.corrections());
  return JSON.stringify(idx.corrections) !== logBefore;
}

/**
 * Removes the article files of slugs no post holds any more, and the images no page names any more; lists where
 * each changed post now is (or is no longer) live, for the builder to check.
 */
function retireOldUrls(
  ctx: RendererContext,
  dir: string,
  idx: SiteIndex,
  { postIds, goneSlugs }: Affected,
  failed: Set<number>,
): { removed: number; live: RenderResult['live'] } {
  let removed = 0;
  const live: RenderResult['live'] = [];
  for (const id of postIds) {
    const after = idx.get(id);
    for (const slug of goneSlugs.get(id) ?? []) {
      if (slug !== after?.slug && !idx.bySlug(slug) && removeFile(dir, fileOf(`/post/${slug}`))) removed++;
    }
    if (failed.has(id)) continue;
    // Images of the post's old and current slugs that no page names any more: an unpublished or deleted post's,
    // or the one a new title or category replaced. A slug's images can belong only to the post that holds it.
    for (const slug of new Set([...(goneSlugs.get(id) ?? []), ...(after ? [after.slug] : [])])) {
      const owner = idx.bySlug(slug);
      removed += ctx.images.prune(dir, slug, owner ? ogImageFile(owner.slug, ogImageInput(owner)) : null);
    }
    // The article names its modified time in article:modified_time; the builder looks for it.
    if (after) live.push({ postId: id, path: `/post/${after.slug}`, present: true, updatedAt: modifiedTime(after) });
    else for (const slug of goneSlugs.get(id) ?? []) live.push({ postId: id, path: `/post/${slug}`, present: false });
  }
  return { removed, live };
}

/** The pages that list posts and show what changed: home and listings only when a listing changed. */
function listPagesOf({ listIds, categories, feedCategories }: Affected, correctionsChanged: boolean): Set<string> {
  const pages = new Set(
    listIds.size > 0
      ? [...LIST_PAGES, ...[...categories].flatMap(categoryPages), ...[...feedCategories].flatMap(categoryFeeds)]
      : [...FEED_PAGES, ...[...feedCategories].flatMap(categoryFeeds)],
  );
  if (correctionsChanged) pages.add('/corrections');
  return pages;
}

/** Renders what a set of change records affects into the live folder. */
export async function applyChanges(
  ctx: RendererContext,
  changes: RenderChange[],
  through: number,
): Promise<RenderResult> {
  const started = performance.now();
  const dir = liveDir(ctx);
  if (!dir || needsFull(ctx)) throw new Error('The site has not been rendered in full yet');
  // Loaded now, or after another renderer wrote this folder since this one loaded, the index already shows
  // the changes: old slugs then come from the change records, and every chunk of the affected listings is
  // rewritten, since there is no "before" to compare with.
  const reloaded = !ctx.index || ctx.state?.cursor !== ctx.indexCursor;
  if (reloaded) ctx.index = await loadIndex(ctx.source);
  const idx = ctx.index!;
  const affected = await affectedBy(ctx.source, idx, changes);
  for (const id of affected.postIds) ctx.feedBodies.delete(id);
  if (reloaded) ctx.feedBodies.clear();
  const keys = [ALL_KEY, ...[...affected.categories].map(listingKey)];
  const before = new Map(keys.map((k) => [k, chunkSignatures(idx.listing(k))]));
  const windows = relatedWindows(idx, affected.categories);
  const correctionsChanged = await updateIndex(ctx, idx, affected);

  const errors: BuildPostError[] = [];
  const fallback = (id: number) => affected.previous.get(id);
  // A share card composed from a photograph is drawn right after, in the background, so it never delays the page:
  // until then the article names the site's default image.
  const composed: number[] = [];
  let written = await renderArticles(ctx, dir, idx, affected.current, errors, { fallback, deferComposed: composed });
  const failed = new Set(errors.map((e) => e.postId));
  const retired = retireOldUrls(ctx, dir, idx, affected, failed);

  // The search change runs while the pages render: its delta build (pagefind) and redactions (a worker thread) are
  // off this thread. Awaited before the state is saved; a failure fails the publish as before.
  const searched = publishToSearch(ctx, dir, affected, failed);
  searched.catch(() => {}); // awaited below; not an unhandled rejection meanwhile

  const pages = listPagesOf(affected, correctionsChanged);
  const data = idx.data(ctx.staticPaths, await bodiesFor(ctx, idx, pages));
  for (const path of pages) {
    await writeRoute(ctx, dir, path, data);
    written++;
  }
  writeRedirects(dir, idx);
  written++;
  const { listIds } = affected;
  const listings = await updateListings(ctx, dir, idx, data, {
    keys: listIds.size > 0 ? keys : [],
    before,
    listIds,
    reloaded,
  });

  await searched;
  // Related blocks of categories whose newest posts changed are brought up to date after the publish, those that
  // name a post gone from its URL first; the share cards composed from photographs before articles queued earlier.
  const spread = spreadAfter(idx, windows, ctx.state!.spread);
  const dirty = [...composed, ...ctx.state!.dirty.filter((id) => !composed.includes(id))];
  ctx.indexCursor = through;
  saveState(ctx, { ...ctx.state!, version: ctx.version, cursor: through, dirty, spread });
  return {
    written: written + listings.written,
    removed: retired.removed + listings.removed,
    postErrors: errors,
    cursor: through,
    live: retired.live,
    durationMs: performance.now() - started,
  };
}

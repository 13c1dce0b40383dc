/**
 * Work a publish leaves for later. Other articles show "Related Research" (the newest posts of their category):
 * when a category's newest posts change, its articles are queued (`state.dirty`) and refreshed here, a few at a
 * time, between publishes, so a publish never waits for them. First, though, the categories whose blocks name a
 * post gone from its URL (`state.spread`, related-spread.ts): those traces go before anything else. A full render
 * queues the articles whose share image is missing, drawn here the same way.
 */
import type { SiteSummary } from 'content-schema/site-feed';
import type { SiteIndex } from '../site-index.ts';
import { renderArticles } from './articles.ts';
import { loadIndex, saveState, type RendererContext } from './context.ts';
import { liveDir, needsFull } from './live-folder.ts';
import { cardsOf, relatedWindow, spreadCategory } from './related-spread.ts';

/** Articles refreshed per background step; small, so a publish arriving meanwhile waits a few ms at most. */
const BACKGROUND_SLICE = 8;

/** The related windows of `categories`, taken before a change to compare with after it. */
export function relatedWindows(idx: SiteIndex, categories: Iterable<string>): Map<string, readonly SiteSummary[]> {
  return new Map([...categories].map((c) => [c, relatedWindow(idx, c)]));
}

/**
 * The queue after a change: what was queued, plus the articles (other than the changed `postIds`) of every
 * category whose related window differs from `before`, but those of the categories in `spread`, whose blocks are
 * all redrawn first (related-spread.ts). Sorted by id.
 */
export function queueRelated(
  ctx: RendererContext,
  idx: SiteIndex,
  before: Map<string, readonly SiteSummary[]>,
  postIds: number[],
  spread: readonly string[],
): number[] {
  const dirty = new Set(ctx.state?.dirty ?? []);
  for (const [category, window] of before) {
    if (spread.includes(category) || cardsOf(relatedWindow(idx, category)) === cardsOf(window)) continue;
    for (const p of idx.inCategory(category)) if (!postIds.includes(p.id)) dirty.add(p.id);
  }
  return [...dirty].sort((a, b) => a - b);
}

/**
 * Refreshes a few articles queued by `applyChanges` (related blocks) or `renderAll` (share images to draw);
 * false when there is nothing left to do.
 */
export async function backgroundStep(ctx: RendererContext): Promise<boolean> {
  const dir = liveDir(ctx);
  if (!dir || !ctx.state || needsFull(ctx)) return false;
  if (ctx.state.dirty.length === 0 && ctx.state.spread.length === 0) return false;
  ctx.index ??= await loadIndex(ctx.source);
  const category = ctx.state.spread[0];
  if (category !== undefined) {
    // False: a publish changed the category's newest four meanwhile; the category stays first in the queue. The
    // articles' other queued work (a share image to draw) stays queued either way.
    if (await spreadCategory(ctx, dir, category)) {
      ctx.state = { ...ctx.state, spread: ctx.state.spread.filter((c) => c !== category) };
    }
    saveState(ctx, ctx.state);
    return true;
  }
  const slice = ctx.state.dirty.slice(0, BACKGROUND_SLICE);
  const posts = await ctx.source.postsById(slice);
  // Each article leaves the queue (in memory, saved below) once it is refreshed, not when the step ends: a publish
  // at a later checkpoint that changes its related block again queues it again. Until then it counts as pending.
  // Unpublished or deleted ones have nothing to refresh.
  const dequeue = (ids: number[]) => {
    ctx.state = { ...ctx.state!, dirty: ctx.state!.dirty.filter((id) => !ids.includes(id)) };
  };
  dequeue(slice.filter((id) => !posts.some((p) => p.id === id)));
  for (const post of posts) {
    // One article at a time: a publish waits for at most one page (and its image, ~0.05 s).
    await ctx.checkpoint();
    // The index a publish at that checkpoint left (it may have loaded a new one).
    const index = ctx.index!;
    if (index.get(post.id)?.updatedAt === post.updatedAt) await renderArticles(ctx, dir, index, [post], []);
    dequeue([post.id]);
  }
  saveState(ctx, ctx.state!);
  return true;
}

/**
 * Work a publish leaves for later. Other articles show "Related Research" (the newest posts of their category):
 * when a category's newest posts change, the category is queued (`state.spread`) and its blocks are brought up to
 * date here between publishes (related-spread.ts: the newest few rendered, the shared block copied into the rest),
 * so a publish never waits for them; categories whose blocks name a post gone from its URL go first. Articles
 * queued one by one (`state.dirty`: a share image to draw, after a full render or a publish) are rendered again
 * here, a few at a time.
 */
import type { SiteSummary } from 'content-schema/site-feed';
import type { SiteIndex } from '../site-index.ts';
import { renderArticles } from './articles.ts';
import { loadIndex, saveState, type RendererContext } from './context.ts';
import { liveDir, needsFull } from './live-folder.ts';
import { cardsOf, relatedWindow, spreadCategory, windowsWithGonePosts } from './related-spread.ts';

/** Articles refreshed per background step; small, so a publish arriving meanwhile waits a few ms at most. */
const BACKGROUND_SLICE = 8;

/** The related windows of `categories`, taken before a change to compare with after it. */
export function relatedWindows(idx: SiteIndex, categories: Iterable<string>): Map<string, readonly SiteSummary[]> {
  return new Map([...categories].map((c) => [c, relatedWindow(idx, c)]));
}

/**
 * The categories to spread after a change, in order: those queued already, then those whose window (taken before
 * the change, `before`) named a post gone from its URL, then those whose window changed otherwise.
 */
export function spreadAfter(idx: SiteIndex, before: Map<string, readonly SiteSummary[]>, queued: readonly string[]) {
  const changed = [...before].filter(([c, window]) => cardsOf(relatedWindow(idx, c)) !== cardsOf(window));
  return [...new Set([...queued, ...windowsWithGonePosts(idx, before), ...changed.map(([c]) => c)])];
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

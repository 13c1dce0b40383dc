/**
 * The warm renderer (docs/decisions/002-warm-renderer.md): the compiled site (dist/server/entry.mjs, see
 * ../adapter.ts) loaded once, a SiteIndex of the published posts, and the site folder it keeps in step with the
 * change record. Each job lives in its own file, in the order a publish flows through them:
 *
 * - affected.ts: what a set of change records affects;
 * - articles.ts: the articles and their share images (og-image.ts), each image before its page;
 * - pages.ts: home, the category pages, sitemaps, feeds and redirects;
 * - listings.ts: the listings' heads and the chunks whose members changed;
 * - search-steps.ts: the search delta on a publish, and the indexing apart from it;
 * - context.ts, tree-state.ts, live-folder.ts: what is kept between renders, state.json, and the live folder;
 * - apply-changes.ts strings these together for a publish, render-all.ts for a full render (a new folder, swapped
 *   in); background.ts refreshes the "Related Research" blocks and draws missing share images later, a few
 *   articles at a time between publishes; preview.ts renders a draft without writing anything.
 *
 * A post that cannot be rendered is left out (its previous version, if any, stays live) and reported by name;
 * it never stops the other posts of the build.
 */
import type { PreviewRender } from 'content-schema/preview';
import type { RenderChange } from 'content-schema/render';
import { applyChanges } from './apply-changes.ts';
import { backgroundStep } from './background.ts';
import { openContext, type RendererOptions } from './context.ts';
import { liveDir, needsFull } from './live-folder.ts';
import { preview } from './preview.ts';
import { renderAll } from './render-all.ts';
import { searchPending, searchStep } from './search-steps.ts';

export type { RendererOptions } from './context.ts';
export type Renderer = Awaited<ReturnType<typeof openRenderer>>;

/** Opens the renderer on a compiled site and a site folder; its methods are the jobs the worker and CLI run. */
export async function openRenderer(opts: RendererOptions) {
  const ctx = await openContext(opts);
  return {
    version: ctx.version,
    liveDir: () => liveDir(ctx),
    preview: (input: PreviewRender) => preview(ctx, input),
    needsFull: () => needsFull(ctx),
    applyChanges: (changes: RenderChange[], through: number) => applyChanges(ctx, changes, through),
    renderAll: (cursor: number) => renderAll(ctx, cursor),
    backgroundStep: () => backgroundStep(ctx),
    searchStep: () => searchStep(ctx),
    /** Posts whose search entry waits for re-indexing (or 1 while the whole index is missing). */
    searchPending: () => searchPending(ctx),
    /** The change record id the live folder reflects. */
    cursor: () => ctx.state?.cursor ?? 0,
    pendingBackground: () => (ctx.state ? ctx.state.dirty.length + ctx.state.spread.length : 0),
  };
}

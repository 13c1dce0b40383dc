/**
 * A full render (first start, new site code, or the editor's Retry build): every page from the source's current
 * data into a new tree, by the same code a publish uses (a page is rendered one way only), then the tree is
 * swapped in. See docs/decisions/002-warm-renderer.md.
 */
import type { BuildPostError } from 'content-schema/build';
import { CATEGORY_ROUTES } from 'content-schema/categories';
import type { RenderResult } from 'content-schema/render';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chunkPath, headPath } from '../../lib/shared/post-list.ts';
import type { SiteIndex } from '../site-index.ts';
import { bodyOf, renderArticles } from './articles.ts';
import { loadIndex, saveState, type RendererContext } from './context.ts';
import { listingKeys } from './listings.ts';
import { linkTree, liveDir, newTree, removeTreesBut, swapIn } from './live-folder.ts';
import { bodiesFor, categoryPages, feedMembers, LIST_PAGES, writeRedirects } from './pages.ts';
import { writeRoute } from './render-route.ts';

/** Pages rendered between checks for urgent work during a full render. */
const FULL_SLICE = 16;

/** What a full render needs besides the tree: where images come from, and what it leaves to the background. */
interface ArticlePass {
  /** The live folder, whose share images are linked when their file is there. */
  reuseDir: string | null;
  /** Posts whose share image is missing: drawn afterwards, in the background. */
  deferred: number[];
  errors: BuildPostError[];
}

/**
 * Every article, streamed from the source (the next page is fetched while this one renders); the feeds carry
 * their newest posts in full, so those posts' bodies are kept as they stream past. The files written.
 */
async function renderAllArticles(
  ctx: RendererContext,
  dir: string,
  idx: SiteIndex,
  feedIds: Set<number>,
  { reuseDir, deferred, errors }: ArticlePass,
): Promise<number> {
  let written = 0;
  ctx.feedBodies.clear();
  const pages = ctx.source.posts(100, false);
  for (let next = pages.next(); ;) {
    const page = await next;
    if (page.done) break;
    next = pages.next();
    for (const p of page.value) {
      const body = feedIds.has(p.id) ? bodyOf(p) : null;
      if (body) ctx.feedBodies.set(p.id, { updatedAt: p.updatedAt, body });
    }
    const posts = page.value.filter((p) => idx.get(p.id));
    for (let i = 0; i < posts.length; i += FULL_SLICE) {
      written += await renderArticles(ctx, dir, idx, posts.slice(i, i + FULL_SLICE), errors, { reuseDir, deferred });
      await ctx.checkpoint();
    }
  }
  return written;
}

/**
 * The pages, listings and redirects, after the articles, so a post that could not be rendered is left out of
 * them. The files written.
 */
async function renderAllPages(ctx: RendererContext, dir: string, idx: SiteIndex, paths: string[]): Promise<number> {
  let written = 0;
  const data = idx.data(ctx.staticPaths, await bodiesFor(ctx, idx, paths));
  for (const [i, path] of paths.entries()) {
    await writeRoute(ctx, dir, path, data);
    written++;
    if (i % FULL_SLICE === 0) await ctx.checkpoint();
  }
  for (const key of listingKeys(idx)) {
    const listing = idx.listing(key);
    await writeRoute(ctx, dir, headPath(key), data);
    written++;
    for (const [i, chunk] of listing.chunks.entries()) {
      await writeRoute(ctx, dir, chunkPath(key, chunk.chunk), data);
      written++;
      if (i % FULL_SLICE === 0) await ctx.checkpoint();
    }
  }
  writeRedirects(dir, idx);
  return written + 1;
}

/**
 * The search index depends on the posts, not on the site's code: the new folder starts from the live one's
 * (hard links: its files are only ever replaced by rename), and the changes since are applied to it after the
 * swap like any others. Without one, it is indexed in the background (`searchStep`). Whether it was carried.
 */
function carrySearch(ctx: RendererContext, dir: string, old: string | null): boolean {
  const searchReady = !!old && !!ctx.state?.searchReady && existsSync(join(old, 'pagefind/manifest.json'));
  if (searchReady) linkTree(join(old, 'pagefind'), join(dir, 'pagefind'));
  return searchReady;
}

/**
 * Renders the whole site into a new folder from the source's current data, then swaps it in (a symlink
 * rename, atomic). `cursor` is the change record id the data reflects at least; changes after it are
 * applied by the next `applyChanges`.
 */
export async function renderAll(ctx: RendererContext, cursor: number): Promise<RenderResult> {
  const started = performance.now();
  const idx = await loadIndex(ctx.source);
  // Share images are linked from the live folder when their file is there; missing ones are drawn afterwards.
  const pass: ArticlePass = { reuseDir: liveDir(ctx), deferred: [], errors: [] };
  const { name, dir } = newTree(ctx);
  const paths = [
    ...ctx.staticPaths,
    '/robots.txt',
    '/sitemap-index.xml',
    ...CATEGORY_ROUTES.flatMap((r) => categoryPages(r.category)),
    ...LIST_PAGES,
  ];
  const feedIds = new Set(feedMembers(idx, paths).map((p) => p.id));
  let written = await renderAllArticles(ctx, dir, idx, feedIds, pass);
  written += await renderAllPages(ctx, dir, idx, paths);
  const old = liveDir(ctx);
  const searchReady = carrySearch(ctx, dir, old);

  swapIn(ctx, name);
  ctx.index = idx;
  ctx.indexCursor = cursor;
  saveState(ctx, { version: ctx.version, cursor, dirty: pass.deferred.sort((a, b) => a - b), spread: [], searchReady });
  // Keep the previous tree for readers mid-download; remove older ones.
  removeTreesBut(ctx, [dir, old]);
  return { written, removed: 0, postErrors: pass.errors, cursor, live: [], durationMs: performance.now() - started };
}

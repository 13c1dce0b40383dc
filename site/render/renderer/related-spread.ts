/**
 * Related Research blocks that name a gone post: when a post among the newest of its category is unpublished,
 * deleted or given a new slug, every article of the category names it (title, excerpt, old URL) in its block.
 * The publish queues the category (`state.spread`), and this is the first background work after it, ahead of the
 * slower refreshes (background.ts). Re-rendering every article of a category takes seconds at 10,000 posts, but
 * every article below the category's newest three shows the same block: one of them is rendered, its block is
 * copied into the others' files in place of theirs, and the newest three (each showing the other three of the
 * newest four) are rendered. A publish can run at each checkpoint between copies; when it changes the category's
 * newest four, the copy starts again with a new block.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildPostError } from 'content-schema/build';
import type { SiteSummary } from 'content-schema/site-feed';
import { toCard } from '../../lib/shared/post-list.ts';
import { fileOf, writeAtomic } from '../outputs.ts';
import type { SiteIndex } from '../site-index.ts';
import { renderArticles } from './articles.ts';
import type { RendererContext } from './context.ts';

/** Related Research shows three others, so the newest four of a category decide every block in it. */
export const RELATED_WINDOW = 4;
/** Articles whose block is copied between two checkpoints. */
const COPY_SLICE = 64;

const BLOCK_START = '<section aria-labelledby="related-research"';
const BLOCK_END = '</section>';

/** The newest posts of a category: when their cards change, so does every related block. */
export function relatedWindow(idx: SiteIndex, category: string): readonly SiteSummary[] {
  return idx.inCategory(category).slice(0, RELATED_WINDOW);
}

export const cardsOf = (window: readonly SiteSummary[]) => JSON.stringify(window.map(toCard));

/** Where an article's Related Research block lies: the last one on the page (it follows the article's body). */
function blockIn(html: string): { start: number; end: number } | null {
  const start = html.lastIndexOf(BLOCK_START);
  const end = start < 0 ? -1 : html.indexOf(BLOCK_END, start);
  return end < 0 ? null : { start, end: end + BLOCK_END.length };
}

/**
 * The categories whose related window (taken before the change, `before`) named a post that is gone now or lives
 * under another slug: their blocks name a page that is no longer there.
 */
export function windowsWithGonePosts(idx: SiteIndex, before: Map<string, readonly SiteSummary[]>): string[] {
  return [...before].filter(([, window]) => window.some((p) => idx.get(p.id)?.slug !== p.slug)).map(([c]) => c);
}

/** Replaces the related block of article `slug` by `block` (an article not there, or without one, is left). */
function copyBlock(dir: string, slug: string, block: string): void {
  const file = fileOf(`/post/${slug}`);
  let html: string;
  try {
    html = readFileSync(join(dir, file), 'utf8');
  } catch {
    return; // never rendered (it could not be), or gone since
  }
  const old = blockIn(html);
  if (!old) return;
  if (html.slice(old.start, old.end) !== block)
    writeAtomic(dir, file, html.slice(0, old.start) + block + html.slice(old.end));
}

/**
 * Brings every related block of `category` up to date; false when a publish at a checkpoint (one before each article
 * rendered, and every COPY_SLICE copies) changed the category's newest four (start again).
 */
export async function spreadCategory(ctx: RendererContext, dir: string, category: string): Promise<boolean> {
  const idx = ctx.index!;
  const window = cardsOf(relatedWindow(idx, category));
  /** After a checkpoint: whether the block being spread is still the category's. */
  const unchanged = async () => {
    await ctx.checkpoint();
    return ctx.index === idx && cardsOf(relatedWindow(idx, category)) === window;
  };
  const all = idx.inCategory(category);
  const shared = all.slice(RELATED_WINDOW - 1);
  const rendered = new Set<number>();
  for (const post of await ctx.source.postsById(all.slice(0, RELATED_WINDOW).map((p) => p.id))) {
    if (!(await unchanged())) return false;
    const errors: BuildPostError[] = [];
    await renderArticles(ctx, dir, idx, [post], errors, { fallback: (id) => idx.get(id) });
    if (errors.length === 0) rendered.add(post.id);
  }
  const model = shared[0] && rendered.has(shared[0].id) ? shared[0] : null;
  const from = model && readFileSync(join(dir, fileOf(`/post/${model.slug}`)), 'utf8');
  const at = from && blockIn(from);
  if (!from || !at) return true;
  const block = from.slice(at.start, at.end);
  for (let i = 1; i < shared.length; i++) {
    if ((i - 1) % COPY_SLICE === 0 && !(await unchanged())) return false;
    copyBlock(dir, shared[i]!.slug, block);
  }
  return true;
}

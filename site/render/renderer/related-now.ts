/**
 * Related Research blocks that cannot wait for the background (background.ts): when a post among the newest of its
 * category is unpublished, deleted or given a new slug, every article of the category names it (title, excerpt,
 * old URL) in its block, and those traces must go with the publish. Re-rendering every article of a category
 * takes seconds at 10,000 posts, but every article below the category's newest three shows the same block: one of
 * them is rendered, its block is copied into the others' files in place of theirs, and the newest three (each
 * showing the other three of the newest four) are rendered.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildPostError } from 'content-schema/build';
import type { SiteSummary } from 'content-schema/site-feed';
import { fileOf, writeAtomic } from '../outputs.ts';
import type { SiteIndex } from '../site-index.ts';
import { renderArticles } from './articles.ts';
import { RELATED_WINDOW } from './background.ts';
import type { RendererContext } from './context.ts';

const BLOCK_START = '<section aria-labelledby="related-research"';
const BLOCK_END = '</section>';

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

/** The articles of `category` whose block was brought up to date, but those in `skip` (already rendered). */
async function refreshCategory(
  ctx: RendererContext,
  dir: string,
  idx: SiteIndex,
  category: string,
  skip: ReadonlySet<number>,
): Promise<number[]> {
  const all = idx.inCategory(category);
  const own = all.slice(0, RELATED_WINDOW - 1).filter((p) => !skip.has(p.id));
  const shared = all.slice(RELATED_WINDOW - 1).filter((p) => !skip.has(p.id));
  const errors: BuildPostError[] = [];
  const posts = await ctx.source.postsById([...own, ...shared.slice(0, 1)].map((p) => p.id));
  await renderArticles(ctx, dir, idx, posts, errors, { fallback: (id) => idx.get(id) });
  const done = posts.map((p) => p.id).filter((id) => !errors.some((e) => e.postId === id));
  const model = shared[0] && done.includes(shared[0].id) ? shared[0] : null;
  if (!model) return done;
  const from = readFileSync(join(dir, fileOf(`/post/${model.slug}`)), 'utf8');
  const at = blockIn(from);
  if (!at) return done;
  const block = from.slice(at.start, at.end);
  for (const p of shared.slice(1)) {
    const file = fileOf(`/post/${p.slug}`);
    let html: string;
    try {
      html = readFileSync(join(dir, file), 'utf8');
    } catch {
      continue; // never rendered (it could not be): the background tries again
    }
    const old = blockIn(html);
    if (!old) continue;
    if (html.slice(old.start, old.end) !== block) {
      writeAtomic(dir, file, html.slice(0, old.start) + block + html.slice(old.end));
    }
    done.push(p.id);
  }
  return done;
}

/**
 * Brings the Related Research blocks of every article of `categories` up to date now (but those of `skip`, just
 * rendered); the ids of the articles done, which need no background refresh.
 */
export async function refreshRelatedNow(
  ctx: RendererContext,
  dir: string,
  idx: SiteIndex,
  categories: string[],
  skip: ReadonlySet<number>,
): Promise<Set<number>> {
  const done = new Set<number>();
  for (const category of categories) {
    for (const id of await refreshCategory(ctx, dir, idx, category, skip)) done.add(id);
  }
  return done;
}

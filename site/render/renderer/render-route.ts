/** One route of the compiled site rendered to the content of its file, and written into a folder. */
import { fixHtml } from '../../lib/build/html-fixups.ts';
import type { SiteData } from '../../lib/build/site-data.ts';
import { fileOf, writeAtomic } from '../outputs.ts';
import type { RendererContext } from './context.ts';

/** One route rendered to its file content; throws with the path on any non-200 answer. */
export async function renderRoute(ctx: RendererContext, path: string, data: SiteData): Promise<string> {
  const res = await ctx.site.renderRoute(ctx.siteUrl, path, { site: data });
  // The not-found page answers 404 by design; anything else must be a page.
  if (res.status !== 200 && !(path === '/404' && res.status === 404)) {
    throw new Error(`${path} rendered with status ${res.status}`);
  }
  const text = await res.text();
  return fileOf(path).endsWith('.html') ? fixHtml(text) : text;
}

/** Renders a route into its file in `dir` (temp file + rename). */
export async function writeRoute(ctx: RendererContext, dir: string, path: string, data: SiteData): Promise<void> {
  writeAtomic(dir, fileOf(path), await renderRoute(ctx, path, data));
}

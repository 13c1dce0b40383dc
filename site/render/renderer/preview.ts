/**
 * One article as a preview (a draft, or a published post's unsaved changes): the same route, page and layout as
 * the live article, from the data given, with `locals.preview` set (banner, noindex, no reader actions). Nothing
 * is written and nothing is kept: not the renderer's index, not the site folder, not the search index.
 */
import { escapeHtml } from 'content-schema/html';
import type { PreviewRender } from 'content-schema/preview';
import { fixHtml } from '../../lib/build/html-fixups.ts';
import { SiteIndex } from '../site-index.ts';
import type { RendererContext } from './context.ts';

export async function preview(ctx: RendererContext, input: PreviewRender): Promise<string> {
  const idx = new SiteIndex();
  for (const p of input.related) if (p.id !== input.post.id && p.slug !== input.post.slug) idx.put(p);
  idx.put(input.post);
  const body =
    input.html ?? `<p><strong>${escapeHtml(input.renderError ?? 'The body could not be rendered.')}</strong></p>`;
  const path = `/post/${input.post.slug}`;
  const res = await ctx.site.renderRoute(ctx.siteUrl, path, {
    site: idx.data(ctx.staticPaths, new Map([[input.post.slug, { html: body, corrections: input.corrections }]])),
    preview: true,
  });
  if (res.status !== 200) throw new Error(`The preview of ${path} rendered with status ${res.status}`);
  return fixHtml(await res.text());
}

/**
 * Articles: each rendered from its stored HTML (derived once at save, docs/decisions/017-stored-derivations.md)
 * with its share image, the image put in place before the page that names it.
 */
import type { BuildPostError } from 'content-schema/build';
import type { SitePost, SiteSummary } from 'content-schema/site-feed';
import type { ArticleBody } from '../../lib/build/site-data.ts';
import { ogImageInput } from '../og-image.ts';
import { fileOf, writeAtomic } from '../outputs.ts';
import type { SiteIndex } from '../site-index.ts';
import type { RendererContext } from './context.ts';
import { renderRoute } from './render-route.ts';

/** A post's summary: what the index keeps of it (no body, search text, render error or corrections). */
export function summaryOf(post: SitePost): SiteSummary {
  const { html: _h, text: _t, renderError: _r, corrections: _c, ...summary } = post;
  return summary;
}

/** A post's body as its page shows it, or null when it has none (its HTML could not be derived). */
export function bodyOf(post: SitePost): ArticleBody | null {
  return post.html === null ? null : { html: post.html, corrections: post.corrections };
}

export interface ArticleOptions {
  /** The post's previous version, which the index goes back to when the post cannot be rendered. */
  fallback?: (id: number) => SiteSummary | undefined;
  /** A folder to hard-link existing images from (the live one, during a full render). */
  reuseDir?: string | null;
  /** Given, images are not drawn: the ids of posts whose image is missing are added to it. */
  deferred?: number[];
  /**
   * Given, share cards composed from a feature image (a photograph to read, crop and encode: several times the work
   * of a drawn card) are not drawn: the ids of posts whose card is missing are added to it.
   */
  deferComposed?: number[];
}

/**
 * Renders articles (with their stored HTML) and their share images into `dir`, each image before its page. A
 * post that cannot be rendered is reported and, in `idx`, put back to `fallback` (its previous version, whose
 * page stays) or removed. An image is reused from `dir` or, by hard link, from `reuseDir` when its file is there;
 * else drawn, or, given `deferred` (or `deferComposed` for a card composed from a feature image), left to the
 * background (the post's id is added to it). The files written.
 */
export async function renderArticles(
  ctx: RendererContext,
  dir: string,
  idx: SiteIndex,
  posts: SitePost[],
  errors: BuildPostError[],
  { fallback = () => undefined, reuseDir = null, deferred, deferComposed }: ArticleOptions = {},
): Promise<number> {
  let written = 0;
  for (const post of posts) {
    try {
      const body = bodyOf(post);
      if (!body) throw new Error(post.renderError ?? 'The post has no rendered body');
      const input = ogImageInput(post);
      const later = deferred ?? (input.image ? deferComposed : undefined);
      const image = await ctx.images.prepare(dir, post.slug, input, { reuseDir, draw: !later });
      if (!image) later?.push(post.id);
      const articles = new Map([[post.slug, { ...body, image: image?.path }]]);
      const html = await renderRoute(ctx, `/post/${post.slug}`, idx.data(ctx.staticPaths, articles));
      if (image?.commit()) written++;
      writeAtomic(dir, fileOf(`/post/${post.slug}`), html);
      written++;
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      errors.push({ postId: post.id, title: post.title, slug: post.slug, reason });
      const previous = fallback(post.id);
      if (previous) idx.put(previous);
      else idx.delete(post.id);
    }
  }
  return written;
}

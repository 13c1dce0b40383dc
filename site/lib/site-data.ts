/**
 * What pages render from. The warm renderer (site/render/) holds the published posts' summaries and hands
 * each render a `SiteData` as `Astro.locals.site`; nothing on a page reads the network or a content store.
 */
import type { PostSummary } from 'content-schema/post';
import type { Listing } from './post-list.ts';

export interface SiteData {
  /** Paths of the pages that do not depend on posts ('/about', '/contact', …), for the sitemap. */
  readonly staticPaths: readonly string[];
  /** Every published post, newest first. */
  readonly posts: readonly PostSummary[];
  /** The published posts of one category, newest first (empty for an unknown category). */
  inCategory(category: string): readonly PostSummary[];
  /** A published post by its current slug. */
  bySlug(slug: string): PostSummary | undefined;
  /** The stored, sanitised body HTML of an article being rendered (only those the renderer loaded). */
  articleHtml(slug: string): string | undefined;
  /** The head and chunks of a listing, by listing key ('all' or a category's key). */
  listing(key: string): Listing;
}

/** The site data of the current render; a page rendered outside the warm renderer is a programming error. */
export function siteData(locals: App.Locals): SiteData {
  if (!locals.site) throw new Error('Rendered without site data: pages are rendered by site/render/');
  return locals.site;
}

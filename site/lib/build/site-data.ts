/**
 * What pages render from. The warm renderer (site/render/) holds the published posts' summaries and hands
 * each render a `SiteData` as `Astro.locals.site`; nothing on a page reads the network or a content store.
 */
import type { CorrectionLogEntry, PublicCorrection } from 'content-schema/corrections';
import type { SiteSummary } from 'content-schema/site-feed';
import type { Listing } from '../shared/post-list.ts';

/** What the renderer loaded of an article beyond its summary: the stored body HTML and its corrections. */
export interface ArticleBody {
  html: string;
  /** Newest first. */
  corrections: readonly PublicCorrection[];
  /**
   * Root-relative URL of the article's own share image (site/render/og-image.ts); absent where there is none
   * (previews, feeds, or an image that could not be drawn), and the page then names the site's default image.
   */
  image?: string;
}

export interface SiteData {
  /** Paths of the pages that do not depend on posts ('/about', '/contact', …), for the sitemap. */
  readonly staticPaths: readonly string[];
  /** Every published post, newest first. */
  readonly posts: readonly SiteSummary[];
  /** The published posts of one category, newest first (empty for an unknown category). */
  inCategory(category: string): readonly SiteSummary[];
  /** A published post by its current slug. */
  bySlug(slug: string): SiteSummary | undefined;
  /**
   * The stored, sanitised body HTML and the corrections of an article the renderer loaded (the article being
   * rendered, and the newest posts of the feeds being rendered); undefined for any other.
   */
  article(slug: string): ArticleBody | undefined;
  /** The public corrections log: every correction of a published article, newest first. */
  readonly corrections: readonly CorrectionLogEntry[];
  /** The head and chunks of a listing, by listing key ('all' or a category's key). */
  listing(key: string): Listing;
}

/** The site data of the current render; a page rendered outside the warm renderer is a programming error. */
export function siteData(locals: App.Locals): SiteData {
  if (!locals.site) throw new Error('Rendered without site data: pages are rendered by site/render/');
  return locals.site;
}

/**
 * The pages that list posts: home, the category pages, the sitemaps and the feeds, and the redirect rules. The
 * feeds carry their newest posts in full, so their bodies are kept between renders (`ctx.feedBodies`).
 */
import { CATEGORY_ROUTES } from 'content-schema/categories';
import type { SiteSummary } from 'content-schema/site-feed';
import { CATEGORY_FEED_PATHS, FEED_ITEMS, SITE_FEED_PATHS } from '../../lib/build/feeds.ts';
import type { ArticleBody } from '../../lib/build/site-data.ts';
import { writeAtomic } from '../outputs.ts';
import type { SiteIndex } from '../site-index.ts';
import { bodyOf } from './articles.ts';
import type { RendererContext } from './context.ts';

/** Pages that list posts with their dates (or their newest posts in full) but not the home page's cards. */
export const FEED_PAGES = ['/sitemap-0.xml', '/news-sitemap.xml', ...SITE_FEED_PATHS];
/** Paths of the pages that depend on the whole list: home, sitemaps, site feeds. */
export const LIST_PAGES = ['/', ...FEED_PAGES];

/** A category's feeds (RSS, Atom, JSON Feed). */
export function categoryFeeds(category: string): string[] {
  const route = CATEGORY_ROUTES.find((r) => r.category === category);
  return route ? CATEGORY_FEED_PATHS(route.path) : [];
}

/** A category's page and feeds. */
export function categoryPages(category: string): string[] {
  const route = CATEGORY_ROUTES.find((r) => r.category === category);
  return route ? [`/${route.path}`, ...categoryFeeds(category)] : [];
}

/**
 * Writes `_redirects`: the fixed rules, then each old slug of a published post to its current one. It has no rule
 * for a trailing slash (`/post/{slug}/` → `/post/{slug}`): a CDN that reads this file (Netlify) matches each rule
 * with or without a trailing slash, so such a rule would redirect the page's own address to itself, forever; the
 * CDN itself answers `/{path}/` for the file `{path}.html` with a 301 to `/{path}` (netlify.toml), as the Node
 * server does. For the same reason no rule's source may equal its target but for a trailing slash.
 */
export function writeRedirects(dir: string, idx: SiteIndex): void {
  const rules = ['/posts/* /post/:splat 301', '/login /admin 301', '/create-post /admin/create 301'];
  for (const r of idx.redirects()) rules.push(`/post/${r.from} /post/${r.to} 301`);
  writeAtomic(dir, '_redirects', `${rules.join('\n')}\n`);
}

/** The posts the given feed pages list in full. */
export function feedMembers(idx: SiteIndex, pages: Iterable<string>): SiteSummary[] {
  const out = new Map<number, SiteSummary>();
  for (const page of pages) {
    let posts: readonly SiteSummary[] | null = null;
    if (SITE_FEED_PATHS.includes(page)) posts = idx.posts;
    else {
      const route = CATEGORY_ROUTES.find((r) => CATEGORY_FEED_PATHS(r.path).includes(page));
      if (route) posts = idx.inCategory(route.category);
    }
    for (const p of posts?.slice(0, FEED_ITEMS) ?? []) out.set(p.id, p);
  }
  return [...out.values()];
}

/** Bodies by slug for the feed pages about to be rendered, fetching the ones not kept. */
export async function bodiesFor(
  ctx: RendererContext,
  idx: SiteIndex,
  pages: Iterable<string>,
): Promise<Map<string, ArticleBody>> {
  const members = feedMembers(idx, pages);
  const missing = members.filter((p) => ctx.feedBodies.get(p.id)?.updatedAt !== p.updatedAt).map((p) => p.id);
  for (const post of await ctx.source.postsById(missing)) {
    const body = bodyOf(post);
    if (body) ctx.feedBodies.set(post.id, { updatedAt: post.updatedAt, body });
  }
  const out = new Map<string, ArticleBody>();
  for (const p of members) {
    const kept = ctx.feedBodies.get(p.id);
    if (kept) out.set(p.slug, kept.body);
  }
  return out;
}

/**
 * The sitemap as a plain string (the @astrojs/sitemap integration needs a whole static build and took
 * 1.3 s at 10,000 posts; this takes milliseconds, so it is rewritten on every publish).
 */
import { CATEGORY_ROUTES } from 'content-schema/categories';
import type { PostSummary } from 'content-schema/post';

/** Pages that exist for readers' browsers only and must not be listed for crawlers. */
const NOT_IN_SITEMAP = new Set(['/404', '/saved', '/login', '/create-post']);

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function url(loc: string, lastmod?: string): string {
  return `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
}

/** `/sitemap-0.xml`: the home page, category listings and other pages, then every article with its lastmod. */
export function sitemapXml(siteUrl: string, staticPaths: readonly string[], posts: readonly PostSummary[]): string {
  const pages = ['/', ...CATEGORY_ROUTES.map((r) => `/${r.path}`), ...staticPaths.filter((p) => !NOT_IN_SITEMAP.has(p))];
  const unique = [...new Set(pages)];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...unique.map((p) => url(`${siteUrl}${p === '/' ? '/' : p}`)),
    ...posts.map((p) => url(`${siteUrl}/post/${p.slug}`, p.updatedAt)),
    '</urlset>',
    '',
  ].join('\n');
}

/** `/sitemap-index.xml`, pointing at the one sitemap file (50,000 URLs fit in one). */
export function sitemapIndexXml(siteUrl: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    `<sitemap><loc>${escapeXml(`${siteUrl}/sitemap-0.xml`)}</loc></sitemap>`,
    '</sitemapindex>',
    '',
  ].join('\n');
}

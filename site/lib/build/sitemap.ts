/**
 * The sitemap as a plain string (the @astrojs/sitemap integration needs a whole static build and took
 * 1.3 s at 10,000 posts; this takes milliseconds, so it is rewritten on every publish).
 */
import { CATEGORY_ROUTES } from 'content-schema/categories';
import type { CorrectionLogEntry } from 'content-schema/corrections';
import { escapeHtml } from 'content-schema/html';
import { MESSAGE_SENT_PAGES } from 'content-schema/message-text';
import { SITE_NAME } from 'content-schema/site';
import type { SiteSummary } from 'content-schema/site-feed';
import { modifiedTime, publicationDate } from '../shared/post-list.ts';
import { featureImageFile } from '../shared/picture.ts';

/** Pages that exist for readers' browsers only and must not be listed for crawlers. */
const NOT_IN_SITEMAP = new Set(['/404', '/saved', '/login', '/create-post', ...Object.values(MESSAGE_SENT_PAGES)]);

function url(loc: string, lastmod?: string): string {
  return `<url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
}

/** The latest of some ISO instants, or undefined. */
function newest(times: Iterable<string>): string | undefined {
  let max = Number.NEGATIVE_INFINITY;
  for (const t of times) max = Math.max(max, Date.parse(t));
  return Number.isFinite(max) ? new Date(max).toISOString() : undefined;
}

/**
 * `/sitemap-0.xml`: the home page, category listings and other pages, then every article. An article's lastmod
 * is its last real update (a correction or an edit of its text, else its publication); a listing's is its newest
 * article's; /corrections' is its newest correction's; other pages have none (they change with the site's code).
 */
export function sitemapXml(
  siteUrl: string,
  staticPaths: readonly string[],
  posts: readonly SiteSummary[],
  corrections: readonly CorrectionLogEntry[] = [],
): string {
  const lastmod = new Map<string, string | undefined>([
    ['/', newest(posts.map(modifiedTime))],
    ...CATEGORY_ROUTES.map(
      (r) => [`/${r.path}`, newest(posts.filter((p) => p.category === r.category).map(modifiedTime))] as const,
    ),
    ['/corrections', newest(corrections.map((c) => c.correctedAt))],
  ]);
  const pages = [
    '/',
    ...CATEGORY_ROUTES.map((r) => `/${r.path}`),
    ...staticPaths.filter((p) => !NOT_IN_SITEMAP.has(p)),
  ];
  const unique = [...new Set(pages)];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...unique.map((p) => url(`${siteUrl}${p === '/' ? '/' : p}`, lastmod.get(p))),
    ...posts.map((p) => url(`${siteUrl}/post/${p.slug}`, modifiedTime(p))),
    '</urlset>',
    '',
  ].join('\n');
}

/** Google News sitemaps list articles published in the last two days, at most 1,000. */
export const NEWS_WINDOW_MS = 48 * 60 * 60 * 1000;
const NEWS_MAX = 1000;

/**
 * `/news-sitemap.xml`: the articles published in the 48 hours before `now` (Google News sitemap format). The
 * renderer rewrites it on every publish and correction; an article drops out at the first rewrite after two days.
 */
export function newsSitemapXml(siteUrl: string, posts: readonly SiteSummary[], now: Date): string {
  const since = now.getTime() - NEWS_WINDOW_MS;
  const recent = posts.filter((p) => Date.parse(publicationDate(p)) >= since).slice(0, NEWS_MAX);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">',
    ...recent.map((p) =>
      [
        `<url><loc>${escapeHtml(`${siteUrl}/post/${p.slug}`)}</loc>`,
        '<news:news><news:publication>',
        `<news:name>${escapeHtml(SITE_NAME)}</news:name><news:language>en</news:language>`,
        '</news:publication>',
        `<news:publication_date>${publicationDate(p)}</news:publication_date>`,
        `<news:title>${escapeHtml(p.title)}</news:title>`,
        '</news:news>',
        p.featureImage
          ? `<image:image><image:loc>${escapeHtml(`${siteUrl}${featureImageFile(p.featureImage).path}`)}</image:loc></image:image>`
          : '',
        `<lastmod>${modifiedTime(p)}</lastmod></url>`,
      ].join(''),
    ),
    '</urlset>',
    '',
  ].join('\n');
}

/** `/sitemap-index.xml`, pointing at the sitemap (50,000 URLs fit in one) and the news sitemap. */
export function sitemapIndexXml(siteUrl: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    `<sitemap><loc>${escapeHtml(`${siteUrl}/sitemap-0.xml`)}</loc></sitemap>`,
    `<sitemap><loc>${escapeHtml(`${siteUrl}/news-sitemap.xml`)}</loc></sitemap>`,
    '</sitemapindex>',
    '',
  ].join('\n');
}

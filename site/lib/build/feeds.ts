/**
 * Feeds, site-wide and per category listing, each as RSS 2.0 (/rss.xml, /rss/{path}.xml), Atom (RFC 4287;
 * /atom.xml, /atom/{path}.xml) and JSON Feed 1.1 (/feed.json, /feed/{path}.json). Every entry carries the full
 * article: its corrections (dated, what was wrong and what is right) first, then the AI disclosure when AI took
 * part, then the body. An entry's "updated" time is the article's visible "Updated" time (see SiteSummary).
 * Written as plain strings (no builder library): the three share one entry model and are rewritten on every
 * publish by the warm renderer.
 */
import { escapeHtml } from 'content-schema/html';
import { SITE_NAME, SITE_OWNER, SITE_TAGLINE } from 'content-schema/site';
import type { SiteSummary } from 'content-schema/site-feed';
import { formatLongDate } from 'content-schema/relative-time';
import { disclosureOf, METHODOLOGY_AI_PATH } from './disclosure.ts';
import { modifiedTime, publicationDate } from '../shared/post-list.ts';
import { featureImageFile } from '../shared/picture.ts';
import type { ArticleBody } from './site-data.ts';

/** Items per feed: readers poll for what is new, not for the archive. */
export const FEED_ITEMS = 50;

/** The site-wide feeds. */
export const SITE_FEED_PATHS = ['/rss.xml', '/atom.xml', '/feed.json'];
/** A category listing's feeds, by the listing's path ('analysis' → /rss/analysis.xml, …). */
export const CATEGORY_FEED_PATHS = (path: string) => [`/rss/${path}.xml`, `/atom/${path}.xml`, `/feed/${path}.json`];

/** What a feed is about: its title, description and the page and paths it belongs to. */
export interface FeedInfo {
  title: string;
  description: string;
  /** The HTML page the feed mirrors ('/' or '/analysis'). */
  pagePath: string;
  /** The feed's own paths. */
  rss: string;
  atom: string;
  json: string;
}

export interface FeedEntry {
  post: SiteSummary;
  /** The article's body and corrections; absent when the renderer could not load it (the excerpt stands in). */
  body: ArticleBody | undefined;
}

/** The site-wide feeds' description. */
export function siteFeed(): FeedInfo {
  return {
    title: `${SITE_NAME}: ${SITE_TAGLINE}`,
    description: 'Every new Northwire article.',
    pagePath: '/',
    rss: '/rss.xml',
    atom: '/atom.xml',
    json: '/feed.json',
  };
}

/** A category listing's feeds. */
export function categoryFeed(route: { path: string; title: string }): FeedInfo {
  const [rss, atom, json] = CATEGORY_FEED_PATHS(route.path) as [string, string, string];
  return {
    title: `${SITE_NAME}: ${route.title}`,
    description: `New ${route.title} articles from ${SITE_NAME}.`,
    pagePath: `/${route.path}`,
    rss,
    atom,
    json,
  };
}

/** RFC 822 date for RSS. */
function rfc822(iso: string): string {
  return new Date(iso).toUTCString();
}

/** The entries of a list of posts (newest first) with the bodies the renderer loaded. */
export function feedEntries(
  posts: readonly SiteSummary[],
  body: (slug: string) => ArticleBody | undefined,
): FeedEntry[] {
  return posts.slice(0, FEED_ITEMS).map((post) => ({ post, body: body(post.slug) }));
}

/** The HTML an entry carries: corrections, disclosure, then the body (or the excerpt without one). */
export function entryHtml(entry: FeedEntry, siteUrl: string): string {
  const parts: string[] = [];
  for (const c of entry.body?.corrections ?? []) {
    parts.push(
      `<p><strong>Correction, ${escapeHtml(formatLongDate(c.correctedAt))}:</strong> ` +
        `This article said: ${escapeHtml(c.wrong)} Correct: ${escapeHtml(c.right)}</p>`,
    );
  }
  const disclosure = disclosureOf(entry.post);
  if (disclosure) {
    parts.push(
      `<p><em>${escapeHtml(disclosure)} <a href="${siteUrl}${METHODOLOGY_AI_PATH}">How we use AI</a></em></p>`,
    );
  }
  parts.push(entry.body?.html ?? `<p>${escapeHtml(entry.post.excerpt)}</p>`);
  return parts.join('\n');
}

const articleUrl = (siteUrl: string, slug: string) => `${siteUrl}/post/${slug}`;

/** An entry's feature image as `line` draws it, or nothing. */
function withImage(
  entry: FeedEntry,
  siteUrl: string,
  line: (image: NonNullable<ReturnType<typeof imageOf>>) => string,
) {
  const image = imageOf(entry, siteUrl);
  return image ? [line(image)] : [];
}

/** An entry's feature image file, absolute, or undefined when the post has none. */
function imageOf(entry: FeedEntry, siteUrl: string) {
  if (!entry.post.featureImage) return undefined;
  const file = featureImageFile(entry.post.featureImage);
  return { ...file, url: `${siteUrl}${file.path}` };
}

/** RSS 2.0 with the full article in content:encoded. */
export function rssXml(feed: FeedInfo, entries: readonly FeedEntry[], siteUrl: string): string {
  const items = entries.map((e) => {
    const url = articleUrl(siteUrl, e.post.slug);
    return [
      '<item>',
      `<title>${escapeHtml(e.post.title)}</title>`,
      `<link>${escapeHtml(url)}</link>`,
      `<guid isPermaLink="true">${escapeHtml(url)}</guid>`,
      `<description>${escapeHtml(e.post.excerpt)}</description>`,
      `<content:encoded>${escapeHtml(entryHtml(e, siteUrl))}</content:encoded>`,
      ...withImage(e, siteUrl, (i) => `<enclosure url="${escapeHtml(i.url)}" length="${i.bytes}" type="${i.type}"/>`),
      `<pubDate>${rfc822(publicationDate(e.post))}</pubDate>`,
      ...[e.post.category, ...e.post.tags].map((c) => `<category>${escapeHtml(c)}</category>`),
      `<dc:creator>${escapeHtml(e.post.authorName)}</dc:creator>`,
      ...(e.post.modifiedAt ? [`<dcterms:modified>${e.post.modifiedAt}</dcterms:modified>`] : []),
      '</item>',
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    `<title>${escapeHtml(feed.title)}</title>`,
    `<description>${escapeHtml(feed.description)}</description>`,
    `<link>${escapeHtml(`${siteUrl}${feed.pagePath}`)}</link>`,
    `<atom:link href="${escapeHtml(`${siteUrl}${feed.rss}`)}" rel="self" type="application/rss+xml"/>`,
    '<language>en-us</language>',
    ...(entries[0] ? [`<lastBuildDate>${rfc822(latest(entries))}</lastBuildDate>`] : []),
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** The newest modification among the entries (the feed's own "updated"). */
function latest(entries: readonly FeedEntry[]): string {
  let max = 0;
  for (const e of entries) max = Math.max(max, Date.parse(modifiedTime(e.post)));
  return new Date(max || 0).toISOString();
}

/**
 * Atom (RFC 4287): the feed has id, title, updated, an author (the publisher, so every entry has one) and a
 * self link; each entry id, title, updated, published, link, author, summary and the full content as HTML.
 */
export function atomXml(feed: FeedInfo, entries: readonly FeedEntry[], siteUrl: string, whenEmpty: string): string {
  const items = entries.map((e) => {
    const url = articleUrl(siteUrl, e.post.slug);
    return [
      '<entry>',
      `<id>${escapeHtml(url)}</id>`,
      `<title type="text">${escapeHtml(e.post.title)}</title>`,
      `<link rel="alternate" type="text/html" href="${escapeHtml(url)}"/>`,
      ...withImage(
        e,
        siteUrl,
        (i) => `<link rel="enclosure" type="${i.type}" length="${i.bytes}" href="${escapeHtml(i.url)}"/>`,
      ),
      `<published>${publicationDate(e.post)}</published>`,
      `<updated>${modifiedTime(e.post)}</updated>`,
      `<author><name>${escapeHtml(e.post.authorName)}</name></author>`,
      ...[e.post.category, ...e.post.tags].map((c) => `<category term="${escapeHtml(c)}"/>`),
      `<summary type="text">${escapeHtml(e.post.excerpt)}</summary>`,
      `<content type="html">${escapeHtml(entryHtml(e, siteUrl))}</content>`,
      '</entry>',
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">',
    `<id>${escapeHtml(`${siteUrl}${feed.atom}`)}</id>`,
    `<title type="text">${escapeHtml(feed.title)}</title>`,
    `<subtitle type="text">${escapeHtml(feed.description)}</subtitle>`,
    `<updated>${entries[0] ? latest(entries) : whenEmpty}</updated>`,
    `<link rel="self" type="application/atom+xml" href="${escapeHtml(`${siteUrl}${feed.atom}`)}"/>`,
    `<link rel="alternate" type="text/html" href="${escapeHtml(`${siteUrl}${feed.pagePath}`)}"/>`,
    `<author><name>${escapeHtml(SITE_OWNER)}</name><uri>${escapeHtml(siteUrl)}/</uri></author>`,
    `<icon>${escapeHtml(siteUrl)}/favicon.svg</icon>`,
    ...items,
    '</feed>',
    '',
  ].join('\n');
}

/** JSON Feed 1.1 (https://jsonfeed.org/version/1.1). */
export function jsonFeed(feed: FeedInfo, entries: readonly FeedEntry[], siteUrl: string): Record<string, unknown> {
  return {
    version: 'https://jsonfeed.org/version/1.1',
    title: feed.title,
    description: feed.description,
    home_page_url: `${siteUrl}${feed.pagePath}`,
    feed_url: `${siteUrl}${feed.json}`,
    language: 'en-US',
    icon: `${siteUrl}/apple-touch-icon.png`,
    favicon: `${siteUrl}/favicon.svg`,
    authors: [{ name: SITE_OWNER, url: `${siteUrl}/` }],
    items: entries.map((e) => {
      const url = articleUrl(siteUrl, e.post.slug);
      return {
        id: url,
        url,
        title: e.post.title,
        summary: e.post.excerpt,
        content_html: entryHtml(e, siteUrl),
        image: imageOf(e, siteUrl)?.url,
        date_published: publicationDate(e.post),
        date_modified: modifiedTime(e.post),
        authors: [{ name: e.post.authorName }],
        tags: [e.post.category, ...e.post.tags],
        language: 'en-US',
        // Extensions start with an underscore (JSON Feed 1.1): how the article was made, and its corrections.
        _northwire: {
          provenance: e.post.provenance,
          edited_by: e.post.editedBy,
          corrections: (e.body?.corrections ?? []).map((c) => ({
            date: c.correctedAt,
            wrong: c.wrong,
            right: c.right,
          })),
        },
      };
    }),
  };
}

export type FeedFormat = 'rss' | 'atom' | 'json';

/** One feed's response: the site-wide one (`category` null) or a category listing's (404 for an unknown path). */
export function feedResponse(
  format: FeedFormat,
  site: {
    posts: readonly SiteSummary[];
    inCategory(c: string): readonly SiteSummary[];
    article(slug: string): ArticleBody | undefined;
  },
  siteUrl: string,
  route: { path: string; title: string; category: string } | null | undefined,
): Response {
  if (route === undefined) return new Response(null, { status: 404 });
  const feed = route ? categoryFeed(route) : siteFeed();
  const entries = feedEntries(route ? site.inCategory(route.category) : site.posts, (slug) => site.article(slug));
  if (format === 'json') {
    return new Response(JSON.stringify(jsonFeed(feed, entries, siteUrl)), {
      headers: { 'Content-Type': 'application/feed+json; charset=utf-8' },
    });
  }
  // A feed with no entries has never changed: the epoch keeps it the same however it is rendered (incrementally
  // or from scratch), and other pages' changes need not re-render it.
  const xml =
    format === 'rss' ? rssXml(feed, entries, siteUrl) : atomXml(feed, entries, siteUrl, new Date(0).toISOString());
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
}

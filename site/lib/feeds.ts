/** RSS feeds: /rss.xml for everything and /rss/{path}.xml per category listing. */
import rss from '@astrojs/rss';
import { SITE_NAME, SITE_TAGLINE } from 'content-schema/site';
import { env } from './env.ts';
import { publicationDate } from './post-list.ts';
import type { PostSummary } from 'content-schema/post';

/** Items per feed: readers poll for what is new, not for the archive. */
export const FEED_ITEMS = 50;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** An RSS response for the given posts (newest first). */
export function feedResponse(
  posts: readonly PostSummary[],
  { title, description }: { title: string; description: string },
) {
  return rss({
    title,
    description,
    site: env.SITE_URL,
    trailingSlash: false,
    xmlns: { dc: 'http://purl.org/dc/elements/1.1/' },
    customData: `<language>en-us</language>`,
    items: posts.slice(0, FEED_ITEMS).map((data) => ({
      title: data.title,
      link: `/post/${data.slug}`,
      description: data.excerpt,
      pubDate: new Date(publicationDate(data)),
      categories: [data.category, ...data.tags],
      customData: `<dc:creator>${escapeXml(data.authorName)}</dc:creator>`,
    })),
  });
}

/** The site-wide feed's title and description. */
export const SITE_FEED = { title: `${SITE_NAME}: ${SITE_TAGLINE}`, description: 'Every new Northwire article.' };

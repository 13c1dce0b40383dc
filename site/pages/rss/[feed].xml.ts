/** One feed per category listing: /rss/analysis.xml, /rss/startups.xml, … */
import type { APIRoute, GetStaticPaths } from 'astro';
import { CATEGORY_ROUTES } from 'content-schema/categories';
import { SITE_NAME } from 'content-schema/site';
import { feedResponse } from '../../lib/feeds.ts';
import { publishedPosts } from '../../lib/posts.ts';

export const getStaticPaths = (() =>
  CATEGORY_ROUTES.map((route) => ({ params: { feed: route.path }, props: { route } }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ route: (typeof CATEGORY_ROUTES)[number] }> = async ({ props: { route } }) => {
  const posts = (await publishedPosts()).filter((p) => p.data.category === route.category);
  return feedResponse(posts, {
    title: `${SITE_NAME}: ${route.title}`,
    description: `New ${route.title} articles from ${SITE_NAME}.`,
  });
};

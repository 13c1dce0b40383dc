/** One feed per category listing: /rss/analysis.xml, /rss/startups.xml, … */
import type { APIRoute } from 'astro';
import { CATEGORY_ROUTES } from 'content-schema/categories';
import { SITE_NAME } from 'content-schema/site';
import { feedResponse } from '../../lib/feeds.ts';
import { siteData } from '../../lib/site-data.ts';

export const GET: APIRoute = ({ params, locals }) => {
  const route = CATEGORY_ROUTES.find((r) => r.path === params.feed);
  if (!route) return new Response(null, { status: 404 });
  return feedResponse(siteData(locals).inCategory(route.category), {
    title: `${SITE_NAME}: ${route.title}`,
    description: `New ${route.title} articles from ${SITE_NAME}.`,
  });
};

/** One feed per category listing: /rss/analysis.xml, /rss/startups.xml, … */
import type { APIRoute } from 'astro';
import { CATEGORY_ROUTES } from 'content-schema/categories';
import { env } from '../../lib/env.ts';
import { feedResponse } from '../../lib/feeds.ts';
import { siteData } from '../../lib/site-data.ts';

export const GET: APIRoute = ({ params, locals }) =>
  feedResponse('rss', siteData(locals), env.SITE_URL, CATEGORY_ROUTES.find((r) => r.path === params.feed));

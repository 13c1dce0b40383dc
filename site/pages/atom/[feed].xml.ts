/** One feed per category listing: /atom/analysis.xml, /atom/startups.xml, … */
import type { APIRoute } from 'astro';
import { CATEGORY_ROUTES } from 'content-schema/categories';
import { env } from '../../lib/build/env.ts';
import { feedResponse } from '../../lib/build/feeds.ts';
import { siteData } from '../../lib/build/site-data.ts';

export const GET: APIRoute = ({ params, locals }) =>
  feedResponse(
    'atom',
    siteData(locals),
    env.SITE_URL,
    CATEGORY_ROUTES.find((r) => r.path === params.feed),
  );

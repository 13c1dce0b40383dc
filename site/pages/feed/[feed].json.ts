/** One feed per category listing: /feed/analysis.json, /feed/startups.json, … */
import type { APIRoute } from 'astro';
import { CATEGORY_ROUTES } from 'content-schema/categories';
import { env } from '../../lib/build/env.ts';
import { feedResponse } from '../../lib/build/feeds.ts';
import { siteData } from '../../lib/build/site-data.ts';

export const GET: APIRoute = ({ params, locals }) =>
  feedResponse(
    'json',
    siteData(locals),
    env.SITE_URL,
    CATEGORY_ROUTES.find((r) => r.path === params.feed),
  );

import type { APIRoute } from 'astro';
import { env } from '../lib/build/env.ts';
import { feedResponse } from '../lib/build/feeds.ts';
import { siteData } from '../lib/build/site-data.ts';

export const GET: APIRoute = ({ locals }) => feedResponse('rss', siteData(locals), env.SITE_URL, null);

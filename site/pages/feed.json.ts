import type { APIRoute } from 'astro';
import { env } from '../lib/env.ts';
import { feedResponse } from '../lib/feeds.ts';
import { siteData } from '../lib/site-data.ts';

export const GET: APIRoute = ({ locals }) => feedResponse('json', siteData(locals), env.SITE_URL, null);

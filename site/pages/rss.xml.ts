import type { APIRoute } from 'astro';
import { feedResponse, SITE_FEED } from '../lib/feeds.ts';
import { siteData } from '../lib/site-data.ts';

export const GET: APIRoute = ({ locals }) => feedResponse(siteData(locals).posts, SITE_FEED);

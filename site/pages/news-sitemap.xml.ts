import type { APIRoute } from 'astro';
import { env } from '../lib/build/env.ts';
import { siteData } from '../lib/build/site-data.ts';
import { newsSitemapXml } from '../lib/build/sitemap.ts';

/** Google News sitemap: the articles of the last 48 hours (rewritten on every publish). */
export const GET: APIRoute = ({ locals }) =>
  new Response(newsSitemapXml(env.SITE_URL, siteData(locals).posts, new Date()), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });

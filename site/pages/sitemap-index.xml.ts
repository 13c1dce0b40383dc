import type { APIRoute } from 'astro';
import { env } from '../lib/build/env.ts';
import { sitemapIndexXml } from '../lib/build/sitemap.ts';

export const GET: APIRoute = () =>
  new Response(sitemapIndexXml(env.SITE_URL), { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });

import type { APIRoute } from 'astro';
import { env } from '../lib/env.ts';
import { siteData } from '../lib/site-data.ts';
import { sitemapXml } from '../lib/sitemap.ts';

export const GET: APIRoute = ({ locals }) => {
  const site = siteData(locals);
  return new Response(sitemapXml(env.SITE_URL, site.staticPaths, site.posts, site.corrections), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
};

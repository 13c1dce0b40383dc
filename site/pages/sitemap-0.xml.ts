import type { APIRoute } from 'astro';
import { env } from '../lib/build/env.ts';
import { siteData } from '../lib/build/site-data.ts';
import { sitemapXml } from '../lib/build/sitemap.ts';

export const GET: APIRoute = ({ locals }) => {
  const site = siteData(locals);
  return new Response(sitemapXml(env.SITE_URL, site.staticPaths, site.posts, site.corrections), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
};

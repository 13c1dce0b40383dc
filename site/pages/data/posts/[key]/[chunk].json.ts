/**
 * Listing data for "load more": /data/posts/{key}/head.json (the newest 24 and where to continue) and
 * /data/posts/{key}/{chunk}.json (content-defined chunks, see toListing), for 'all' and every category.
 */
import type { APIRoute } from 'astro';
import { siteData } from '../../../../lib/build/site-data.ts';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });

export const GET: APIRoute = ({ params, locals }) => {
  const listing = siteData(locals).listing(params.key ?? '');
  if (params.chunk === 'head') return json(listing.head);
  const chunk = listing.chunks.find((c) => c.chunk === params.chunk);
  return chunk ? json(chunk) : new Response(null, { status: 404 });
};

/**
 * Listing chunks: /data/posts/{key}/{page}.json with 24 post cards each, newest first, for 'all'
 * and for every category (the six listing categories always exist, possibly empty). Listings show
 * the first chunk in their HTML and fetch the next ones when the reader asks for more.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { CATEGORY_ROUTES, HOME_FILTERS } from 'content-schema/categories';
import { publishedPosts } from '../../../../lib/posts.ts';
import { ALL_KEY, listingKey, toCard, toChunks, type ListingChunk } from '../../../../lib/post-list.ts';

export const getStaticPaths = (async () => {
  const cards = (await publishedPosts()).map((p) => toCard(p.data));
  const categories = new Set<string>([
    ...CATEGORY_ROUTES.map((r) => r.category),
    ...HOME_FILTERS.map((f) => f.value).filter(Boolean),
    ...cards.map((c) => c.category),
  ]);
  const listings: [string, typeof cards][] = [
    [ALL_KEY, cards],
    ...[...categories].map((category): [string, typeof cards] => [listingKey(category), cards.filter((c) => c.category === category)]),
  ];
  return listings.flatMap(([key, list]) =>
    toChunks(key, list).map((chunk) => ({ params: { key, page: String(chunk.page) }, props: { chunk } })),
  );
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ chunk: ListingChunk }> = ({ props }) =>
  new Response(JSON.stringify(props.chunk), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });

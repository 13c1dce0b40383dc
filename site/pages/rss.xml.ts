import type { APIRoute } from 'astro';
import { feedResponse, SITE_FEED } from '../lib/feeds.ts';
import { publishedPosts } from '../lib/posts.ts';

export const GET: APIRoute = async () => feedResponse(await publishedPosts(), SITE_FEED);

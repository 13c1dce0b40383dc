import { Hono } from 'hono';
import { SitePostsQuerySchema } from 'content-schema/site-feed';
import type { AppEnv } from '../app.ts';
import { validate } from '../lib/errors.ts';

/**
 * What the site renderer reads (site/render/source.ts): published posts with their stored HTML and search
 * text, by id pages or by ids, and the old slugs to redirect. Public on purpose: it is exactly what the
 * static site shows, and whoever runs a remote build needs no credentials.
 */
export function siteRoutes() {
  return new Hono<AppEnv>()
    .get('/posts', async (c) => {
      const query = validate(SitePostsQuerySchema, c.req.query());
      return c.json(await c.get('ctx').posts.sitePosts(query));
    })
    .get('/redirects', async (c) => c.json(await c.get('ctx').posts.siteRedirects()));
}

import { Hono } from 'hono';
import { SitePostsQuerySchema } from 'content-schema/site-feed';
import type { AppContext, AppEnv } from '../app-env.ts';
import { validate } from '../lib/errors.ts';

/**
 * What the site renderer reads (site/render/source.ts): published posts with their stored HTML and search
 * text, by id pages or by ids, and the old slugs to redirect. Public on purpose: it is exactly what the
 * static site shows, and whoever runs a remote build needs no credentials.
 */
export function siteRoutes(services: Pick<AppContext, 'posts' | 'corrections'>) {
  return (
    new Hono<AppEnv>()
      .get('/posts', async (c) => {
        const query = validate(SitePostsQuerySchema, c.req.query());
        const page = await services.posts.sitePosts(query);
        if (query.fields === 'summary') return c.json(page);
        // Pages with bodies carry each post's corrections (the article's notices, the feeds' entries).
        const byPost = await services.corrections.forPosts(page.posts.map((p) => p.id));
        return c.json({ ...page, posts: page.posts.map((p) => ({ ...p, corrections: byPost.get(p.id) ?? [] })) });
      })
      .get('/redirects', async (c) => c.json(await services.posts.siteRedirects()))
      // The public corrections log (/corrections): every correction of a published article, newest first.
      .get('/corrections', async (c) => c.json(await services.corrections.siteLog()))
  );
}

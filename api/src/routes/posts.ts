import { gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { PostInputSchema, PostListQuerySchema, PostUpdateSchema } from 'content-schema/post';
import type { AppEnv } from '../app.ts';
import { validate } from '../lib/errors.ts';
import { idParam, readJson } from '../lib/http.ts';
import { requireAdmin } from '../lib/require-admin.ts';
import { POST_NOT_FOUND } from '../services/posts.ts';

export function postsRoutes() {
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const query = validate(PostListQuerySchema, c.req.query());
      const entry = await c.get('ctx').posts.listJson(query, { isAdmin: !!c.get('user') });
      c.header('X-Total-Count', String(entry.total));
      c.header('Content-Type', 'application/json; charset=UTF-8');
      if (/\bgzip\b/.test(c.req.header('Accept-Encoding') ?? '')) {
        entry.gzip ??= new Uint8Array(gzipSync(entry.body));
        c.header('Content-Encoding', 'gzip');
        return c.body(entry.gzip);
      }
      return c.body(entry.body);
    })
    .get('/slug/:slug', async (c) => {
      const post = await c.get('ctx').posts.bySlug(c.req.param('slug'), { isAdmin: !!c.get('user') });
      return c.json(post);
    })
    .get('/:id', async (c) => {
      const post = await c.get('ctx').posts.byId(idParam(c, 'id', POST_NOT_FOUND), { isAdmin: !!c.get('user') });
      return c.json(post);
    })
    .post('/', requireAdmin, async (c) => {
      const input = validate(PostInputSchema, await readJson(c));
      return c.json(await c.get('ctx').posts.create(input), 201);
    })
    .put('/:id', requireAdmin, async (c) => {
      const id = idParam(c, 'id', POST_NOT_FOUND);
      const patch = validate(PostUpdateSchema, await readJson(c));
      return c.json(await c.get('ctx').posts.update(id, patch));
    })
    .delete('/:id', requireAdmin, async (c) => {
      await c.get('ctx').posts.remove(idParam(c, 'id', POST_NOT_FOUND));
      return c.json({ ok: true });
    });
}

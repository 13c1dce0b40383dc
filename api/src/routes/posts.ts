import { Hono, type Context } from 'hono';
import { PostInputSchema, PostListQuerySchema, PostUpdateSchema } from 'content-schema/post';
import type { AppContext, AppEnv } from '../app-env.ts';
import { cachedEncoding } from '../lib/accept-encoding.ts';
import { encodedAs, type CachedList } from '../lib/answer-cache.ts';
import { validate } from '../lib/errors.ts';
import { FrontCache, usualUrl } from '../lib/front-cache.ts';
import { idParam, readJson } from '../lib/http.ts';
import { requireAdmin } from '../lib/require-admin.ts';
import { POST_NOT_FOUND } from '../services/posts/rows.ts';

/**
 * Sends a cached answer (a list, or an anonymous reader's article) as cheaply as the server allows: the encoded (and, once, compressed) bytes as they
 * are, a strong ETag per encoding, and 304 without a body when the client already has it. Anonymous answers (only
 * published posts) may be kept by a CDN as long as it revalidates; anything seen with a session is private.
 */
export function sendCached(c: Context<AppEnv>, entry: CachedList, opts: { total?: boolean; front?: boolean } = {}) {
  const encoding = cachedEncoding(c.req.header('Accept-Encoding'));
  if (opts.total) c.header('X-Total-Count', String(entry.total));
  c.header('ETag', `"${entry.hash}${encoding ? `-${encoding}` : ''}"`);
  c.header('Cache-Control', c.get('user') ? 'private, no-store' : 'public, no-cache');
  c.header('Vary', 'Accept-Encoding, Cookie');
  // Any encoding of the same answer is the same answer: the client may keep what it has.
  const known = (c.req.header('If-None-Match') ?? '')
    .split(',')
    .map((t) => t.trim().replace(/^W\//, '').replace(/^"|"$/g, ''));
  if (known.some((t) => t === '*' || t.replace(/-(br|gzip)$/, '') === entry.hash)) return c.body(null, 304);
  c.header('Content-Type', 'application/json; charset=UTF-8');
  const body = encodedAs(entry, encoding);
  if (encoding) c.header('Content-Encoding', encoding);
  if (opts.front) FrontCache.offer(c, entry, body);
  return c.body(body);
}

export function postsRoutes(services: Pick<AppContext, 'posts'>) {
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const query = validate(PostListQuerySchema, c.req.query());
      return sendCached(c, await services.posts.listJson(query, { isAdmin: !!c.get('user') }), {
        total: true,
        front: usualUrl(c.req.url, query),
      });
    })
    .get('/slug/:slug', async (c) => {
      if (!c.get('user'))
        return sendCached(c, await services.posts.articleJson(c.req.param('slug')), { front: usualUrl(c.req.url) });
      return c.json(await services.posts.bySlug(c.req.param('slug'), { isAdmin: true }));
    })
    .get('/:id', async (c) => {
      const post = await services.posts.byId(idParam(c, 'id', POST_NOT_FOUND), { isAdmin: !!c.get('user') });
      return c.json(post);
    })
    .post('/', requireAdmin, async (c) => {
      const input = validate(PostInputSchema, await readJson(c));
      return c.json(await services.posts.create(input, { savedBy: c.get('user')!.username }), 201);
    })
    .put('/:id', requireAdmin, async (c) => {
      const id = idParam(c, 'id', POST_NOT_FOUND);
      const patch = validate(PostUpdateSchema, await readJson(c));
      // A new revision by this editor. The editor's own save names the copy revision it last saw and replaces the
      // post's autosaved working copy up to it; a publish toggle from the dashboard names none and leaves it alone.
      const options = {
        savedBy: c.get('user')!.username,
        clearWorkingCopy: patch.copyRevision === undefined ? undefined : { upTo: patch.copyRevision },
      };
      return c.json(await services.posts.update(id, patch, options));
    })
    .delete('/:id', requireAdmin, async (c) => {
      await services.posts.remove(idParam(c, 'id', POST_NOT_FOUND));
      return c.json({ ok: true });
    });
}

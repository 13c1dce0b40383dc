import { Hono } from 'hono';
import { RestoreRevisionSchema, RevisionListQuerySchema } from 'content-schema/revisions';
import type { AppContext, AppEnv } from '../app-env.ts';
import { validate } from '../lib/errors.ts';
import { idParam, readJson } from '../lib/http.ts';
import { requireAdmin } from '../lib/require-admin.ts';
import { POST_NOT_FOUND } from '../services/posts/rows.ts';
import { REVISION_NOT_FOUND } from '../services/revisions.ts';

/** A post's revisions (mounted at /api): the editor's only, never a reader's. */
export function revisionsRoutes(services: Pick<AppContext, 'revisions'>) {
  return new Hono<AppEnv>()
    .get('/posts/:id/revisions', requireAdmin, async (c) => {
      const postId = idParam(c, 'id', POST_NOT_FOUND);
      const page = validate(RevisionListQuerySchema, c.req.query());
      return c.json(await services.revisions.list(postId, page));
    })
    .get('/revisions/:id', requireAdmin, async (c) => {
      return c.json(await services.revisions.byId(idParam(c, 'id', REVISION_NOT_FOUND)));
    })
    .post('/revisions/:id/restore', requireAdmin, async (c) => {
      const id = idParam(c, 'id', REVISION_NOT_FOUND);
      const input = validate(RestoreRevisionSchema, await readJson(c));
      return c.json(await services.revisions.restore(id, input, c.get('user')!.username));
    });
}

import { Hono } from 'hono';
import { CORRECTION_NOT_FOUND, CorrectionInputSchema, CorrectionUpdateSchema } from 'content-schema/corrections';
import type { AppContext, AppEnv } from '../app-env.ts';
import { validate } from '../lib/errors.ts';
import { idParam, readJson } from '../lib/http.ts';
import { requireAdmin } from '../lib/require-admin.ts';
import { POST_NOT_FOUND } from '../services/posts/rows.ts';

/**
 * Corrections of published articles (the editor's side; the public log is GET /api/site/corrections).
 * Every route needs the session: a post's corrections are listed for the editor, including those of a post
 * that is no longer published.
 */
export function correctionsRoutes(services: Pick<AppContext, 'corrections'>) {
  return new Hono<AppEnv>()
    .get('/posts/:id/corrections', requireAdmin, async (c) => {
      const id = idParam(c, 'id', POST_NOT_FOUND);
      return c.json({ corrections: await services.corrections.list(id) });
    })
    .post('/posts/:id/corrections', requireAdmin, async (c) => {
      const id = idParam(c, 'id', POST_NOT_FOUND);
      const input = validate(CorrectionInputSchema, await readJson(c));
      return c.json(await services.corrections.create(id, input, c.get('user')?.username ?? null), 201);
    })
    .put('/corrections/:id', requireAdmin, async (c) => {
      const id = idParam(c, 'id', CORRECTION_NOT_FOUND);
      const patch = validate(CorrectionUpdateSchema, await readJson(c));
      return c.json(await services.corrections.update(id, patch));
    })
    .delete('/corrections/:id', requireAdmin, async (c) => {
      await services.corrections.remove(idParam(c, 'id', CORRECTION_NOT_FOUND));
      return c.json({ ok: true });
    });
}

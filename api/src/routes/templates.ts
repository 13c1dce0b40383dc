import { Hono } from 'hono';
import { TemplateInputSchema } from 'content-schema/template';
import type { AppEnv } from '../app-env.ts';
import { validate } from '../lib/errors.ts';
import { idParam, readJson } from '../lib/http.ts';
import { requireAdmin } from '../lib/require-admin.ts';

const NOT_FOUND = 'Template not found';

export function templatesRoutes() {
  return new Hono<AppEnv>()
    .use(requireAdmin)
    .get('/', async (c) => c.json(await c.get('ctx').templates.list()))
    .post('/', async (c) => c.json(await c.get('ctx').templates.create(validate(TemplateInputSchema, await readJson(c))), 201))
    .put('/:id', async (c) => {
      const id = idParam(c, 'id', NOT_FOUND);
      return c.json(await c.get('ctx').templates.update(id, validate(TemplateInputSchema, await readJson(c))));
    })
    .delete('/:id', async (c) => {
      await c.get('ctx').templates.remove(idParam(c, 'id', NOT_FOUND));
      return c.json({ ok: true });
    })
    .post('/:id/use', async (c) => c.json(await c.get('ctx').templates.use(idParam(c, 'id', NOT_FOUND))));
}

import { Hono } from 'hono';
import { TemplateInputSchema } from 'content-schema/template';
import type { AppContext, AppEnv } from '../app-env.ts';
import { validate } from '../lib/errors.ts';
import { idParam, readJson } from '../lib/http.ts';
import { requireAdmin } from '../lib/require-admin.ts';

const NOT_FOUND = 'Template not found';

export function templatesRoutes(services: Pick<AppContext, 'templates'>) {
  return new Hono<AppEnv>()
    .use(requireAdmin)
    .get('/', async (c) => c.json(await services.templates.list()))
    .post('/', async (c) =>
      c.json(await services.templates.create(validate(TemplateInputSchema, await readJson(c))), 201),
    )
    .put('/:id', async (c) => {
      const id = idParam(c, 'id', NOT_FOUND);
      return c.json(await services.templates.update(id, validate(TemplateInputSchema, await readJson(c))));
    })
    .delete('/:id', async (c) => {
      await services.templates.remove(idParam(c, 'id', NOT_FOUND));
      return c.json({ ok: true });
    })
    .post('/:id/use', async (c) => c.json(await services.templates.use(idParam(c, 'id', NOT_FOUND))));
}

import { Hono } from 'hono';
import { z } from 'zod';
import type { AppContext, AppEnv } from '../app-env.ts';
import { validate } from '../lib/errors.ts';
import { requireAdmin } from '../lib/require-admin.ts';

const PostIdsSchema = z.object({
  ids: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'ids must be a comma-separated list of post ids')
    .transform((s) => s.split(',').map(Number).slice(0, 500)),
});

export function buildRoutes(services: Pick<AppContext, 'builder'>) {
  return (
    new Hono<AppEnv>()
      .use(requireAdmin)
      .get('/status', async (c) => c.json(await services.builder.status()))
      // How each post's latest public change went live ("Live in 0.4 s" in the admin).
      .get('/posts', async (c) => {
        const { ids } = validate(PostIdsSchema, c.req.query());
        return c.json(await services.builder.postsLive(ids));
      })
      // "Retry build": renders the whole site again from the database (or calls the hook with a full build).
      .post('/', async (c) => {
        await services.builder.requestFull('Requested by the editor');
        return c.json(await services.builder.status(), 202);
      })
  );
}

import { Hono } from 'hono';
import type { AppEnv } from '../app.ts';
import { requireAdmin } from '../lib/require-admin.ts';

export function buildRoutes() {
  return new Hono<AppEnv>()
    .use(requireAdmin)
    .get('/status', async (c) => c.json(await c.get('ctx').builder.status()))
    .post('/', async (c) => {
      await c.get('ctx').builder.request({ reason: 'Requested by the editor', changes: [] });
      return c.json(await c.get('ctx').builder.status(), 202);
    });
}

import { Hono } from 'hono';
import type { AppEnv } from '../app.ts';

/** GET /api/status: public health of the five services (spec §2 Status), measured live at most once a second. */
export function statusRoutes() {
  return new Hono<AppEnv>().get('/', async (c) => c.json(await c.get('ctx').operations.health.current()));
}

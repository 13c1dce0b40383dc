import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../app-env.ts';

/** GET /api/analytics: totals over published posts, drafts included for the editor. */
export function analyticsRoutes(services: Pick<AppContext, 'analytics'>) {
  return new Hono<AppEnv>().get('/', async (c) =>
    c.json(await services.analytics.compute({ includeDrafts: !!c.get('user') })),
  );
}

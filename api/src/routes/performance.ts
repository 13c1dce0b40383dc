import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../app-env.ts';
import { validate } from '../lib/errors.ts';
import { requireAdmin } from '../lib/require-admin.ts';
import { PerformanceQuerySchema } from 'content-schema/performance';

/** GET /api/performance?range=7d|30d|90d|1y&sort=views|engagement|performance|recent */
export function performanceRoutes(services: Pick<AppContext, 'operations'>) {
  return new Hono<AppEnv>()
    .use('*', requireAdmin)
    .get('/', async (c) =>
      c.json(await services.operations.performance.report(validate(PerformanceQuerySchema, c.req.query()))),
    );
}

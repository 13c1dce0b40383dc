import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../app-env.ts';
import { computeAnalytics } from '../services/analytics.ts';

export function analyticsRoutes(services: Pick<AppContext, 'db'>) {
  return new Hono<AppEnv>().get('/', async (c) =>
    c.json(await computeAnalytics(services.db, { includeDrafts: !!c.get('user') })),
  );
}

import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { computeAnalytics } from '../services/analytics.ts';

export function analyticsRoutes() {
  return new Hono<AppEnv>().get('/', async (c) =>
    c.json(await computeAnalytics(c.get('ctx').db, { includeDrafts: !!c.get('user') })),
  );
}

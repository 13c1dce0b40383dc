import { Hono } from 'hono';
import type { StatusReport } from 'content-schema/status';
import type { AppContext, AppEnv } from '../app-env.ts';
import { encoded, type CachedList } from '../lib/answer-cache.ts';
import { sendCached } from './posts.ts';

/**
 * GET /api/status: public health of the five services (the status page), measured live at most once a second. Each
 * computed report is encoded (and compressed for browsers) once and sent to every request that shares it, with an
 * ETag per encoding and 304 for a client that has it.
 */
export function statusRoutes(services: Pick<AppContext, 'operations'>) {
  const answers = new WeakMap<StatusReport, CachedList>();
  return new Hono<AppEnv>().get('/', async (c) => {
    const report = await services.operations.health.current();
    let answer = answers.get(report);
    if (!answer) answers.set(report, (answer = encoded(report, 0, Date.now())));
    return sendCached(c, answer);
  });
}

import { Hono } from 'hono';
import { SchedulePayloadSchema } from 'content-schema/schedule';
import type { AppContext, AppEnv } from '../app-env.ts';
import { validate } from '../lib/errors.ts';
import { idParam, readJson } from '../lib/http.ts';
import { requireAdmin } from '../lib/require-admin.ts';

export function scheduleRoutes(services: Pick<AppContext, 'scheduler'>) {
  return new Hono<AppEnv>()
    .use('/scheduled-posts/*', requireAdmin)
    .use('/scheduled-posts', requireAdmin)
    .use('/schedule-post', requireAdmin)
    .get('/scheduled-posts', async (c) => c.json(await services.scheduler.list()))
    .post('/schedule-post', async (c) => {
      const payload = validate(SchedulePayloadSchema, await readJson(c));
      return c.json(await services.scheduler.schedule(payload), 201);
    })
    .delete('/scheduled-posts/:id', async (c) => {
      return c.json(await services.scheduler.cancel(idParam(c, 'id', 'Scheduled post not found')));
    });
}

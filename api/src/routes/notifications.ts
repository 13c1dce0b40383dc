import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../app-env.ts';
import { idParam } from '../lib/http.ts';
import { requireAdmin } from '../lib/require-admin.ts';
import { NOTIFICATION_NOT_FOUND } from '../services/operations/notifications/store.ts';

/** The administrator's notifications: list (newest first, at most 20), mark read, mark all read, remove. */
export function notificationsRoutes(services: Pick<AppContext, 'operations'>) {
  return new Hono<AppEnv>()
    .use('*', requireAdmin)
    .get('/', async (c) => c.json(await services.operations.notifications.list()))
    .put('/read-all', async (c) => c.json(await services.operations.notifications.markAllRead()))
    .put('/:id/read', async (c) =>
      c.json(await services.operations.notifications.markRead(idParam(c, 'id', NOTIFICATION_NOT_FOUND))),
    )
    .delete('/:id', async (c) => {
      await services.operations.notifications.remove(idParam(c, 'id', NOTIFICATION_NOT_FOUND));
      return c.json({ ok: true });
    });
}

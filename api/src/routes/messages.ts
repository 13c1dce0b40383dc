import { Hono } from 'hono';
import {
  MessageFilterSchema,
  MessageInputSchema,
  MessageSettingsSchema,
  MessageUpdateSchema,
} from 'content-schema/messages';
import type { AppContext, AppEnv } from '../app-env.ts';
import { clientIp } from '../lib/client-info.ts';
import { validate } from '../lib/errors.ts';
import { idParam, readJson } from '../lib/http.ts';
import { requireAdmin } from '../lib/require-admin.ts';
import { MESSAGE_NOT_FOUND } from '../services/operations/messages.ts';

/**
 * Reader messages. `POST /api/messages` is anonymous (the site's contact, tip and correction forms, same origin):
 * 201 when stored, 400 with the schema's message, 400 for the bot checks, 429 with Retry-After past the limits.
 * Everything else is the admin Inbox and needs the session.
 */
export function messagesRoutes(services: Pick<AppContext, 'operations' | 'env'>) {
  return new Hono<AppEnv>()
    .post('/', async (c) => {
      const input = validate(MessageInputSchema, await readJson(c));
      const { id } = await services.operations.messages.submit(input, clientIp(c, services.env.TRUST_PROXY));
      return c.json({ ok: true as const, id }, 201);
    })
    .get('/', requireAdmin, async (c) => {
      const filter = validate(MessageFilterSchema, {
        type: c.req.query('type') || undefined,
        status: c.req.query('status') || undefined,
      });
      return c.json(await services.operations.messages.list(filter));
    })
    .get('/unread-count', requireAdmin, async (c) =>
      c.json({ unread: await services.operations.messages.unreadCount() }),
    )
    .get('/settings', requireAdmin, async (c) => c.json(await services.operations.messages.settings()))
    .put('/settings', requireAdmin, async (c) => {
      const input = validate(MessageSettingsSchema, await readJson(c));
      return c.json(await services.operations.messages.setSettings(input));
    })
    .get('/:id', requireAdmin, async (c) =>
      c.json(await services.operations.messages.get(idParam(c, 'id', MESSAGE_NOT_FOUND))),
    )
    .put('/:id', requireAdmin, async (c) => {
      const id = idParam(c, 'id', MESSAGE_NOT_FOUND);
      const patch = validate(MessageUpdateSchema, await readJson(c));
      return c.json(await services.operations.messages.update(id, patch));
    })
    .delete('/:id', requireAdmin, async (c) => {
      await services.operations.messages.remove(idParam(c, 'id', MESSAGE_NOT_FOUND));
      return c.json({ ok: true });
    });
}

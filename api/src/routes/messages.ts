import { Hono } from 'hono';
import {
  MESSAGE_SENT_PAGES,
  MessageFilterSchema,
  MessageInputSchema,
  MessageSettingsSchema,
  MessageUpdateSchema,
  messageInputFromForm,
} from 'content-schema/messages';
import type { AppContext, AppEnv } from '../app-env.ts';
import { clientIp } from '../lib/client-info.ts';
import { validate } from '../lib/errors.ts';
import { isFormPost, readForm } from '../lib/form-post.ts';
import { idParam, readJson } from '../lib/http.ts';
import { requireAdmin } from '../lib/require-admin.ts';
import { MESSAGE_NOT_FOUND } from '../services/operations/messages.ts';

/**
 * Reader messages. `POST /api/messages` is anonymous (the site's contact, tip and correction forms, same origin):
 * 201 when stored, 400 with the schema's message, 400 for the bot checks (the honeypot, the page's stamp), 429 with
 * Retry-After past the limits.
 * Posted as a form (no JavaScript), the same rules answer 303 to the confirmation page, or the refusal as a page.
 * Everything else is the admin Inbox and needs the session.
 */
export function messagesRoutes(services: Pick<AppContext, 'operations' | 'env'>) {
  return new Hono<AppEnv>()
    .post('/', async (c) => {
      // The islands send JSON; a form posted without JavaScript sends the same fields (its page's stamp included)
      // as a form. Both then pass the one schema and the one service, with the same checks.
      const form = isFormPost(c);
      const input = validate(MessageInputSchema, form ? messageInputFromForm(await readForm(c)) : await readJson(c));
      const { id } = await services.operations.messages.submit(input, clientIp(c, services.env.TRUST_PROXY));
      // The browser shows a form post's answer: it goes on to the confirmation page (303: fetched with GET, so a
      // reload does not post again). Refusals are pages too (lib/form-post.ts, from app.onError).
      return form ? c.redirect(MESSAGE_SENT_PAGES[input.type], 303) : c.json({ ok: true as const, id }, 201);
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

import { Hono, type Context } from 'hono';
import { escapeHtml } from 'content-schema/html';
import {
  CONFIRM_LINK_HOURS,
  SUBSCRIBE_CHECK_EMAIL,
  SUBSCRIBE_CONSENT_TEXT,
  SubscribeInputSchema,
  UNSUBSCRIBE_LINK_INVALID,
  subscribeInputFromForm,
} from 'content-schema/members';
import type { AppContext, AppEnv } from '../app-env.ts';
import { clientIp } from '../lib/client-info.ts';
import { AppError, validate } from '../lib/errors.ts';
import { isFormPost, readFormLists, standalonePage } from '../lib/form-post.ts';
import { readJson } from '../lib/http.ts';
import { requireAdmin } from '../lib/require-admin.ts';

type Services = Pick<AppContext, 'members' | 'env'>;

/**
 * The members API. `POST /api/members/subscribe` is anonymous (the site's subscribe forms, same origin): 202 with
 * the one answer every address gets, 400 for a bad address, unknown newsletters or the bot check, 429 with
 * Retry-After past the network's limit; posted as a form (no JavaScript), 303 to the page that says to check the
 * inbox. The newsletters offered are public; the outbox (mail kept when no SMTP server is set) is the admin's.
 */
export function membersRoutes(services: Services) {
  return new Hono<AppEnv>()
    .post('/subscribe', async (c) => {
      const form = isFormPost(c);
      const input = validate(
        SubscribeInputSchema,
        form ? subscribeInputFromForm(await readFormLists(c)) : await readJson(c),
      );
      await services.members.subscribe(input, clientIp(c, services.env.TRUST_PROXY));
      return form
        ? c.redirect('/subscribe/sent', 303)
        : c.json({ ok: true as const, message: SUBSCRIBE_CHECK_EMAIL }, 202);
    })
    .get('/newsletters', async (c) => c.json(await services.members.newsletters()));
}

export function mailRoutes(services: Pick<AppContext, 'members'>) {
  return new Hono<AppEnv>().get('/outbox', requireAdmin, async (c) => c.json(await services.members.outbox()));
}

const list = (names: string[]) => names.map((n) => `<strong>${escapeHtml(n)}</strong>`).join(' and ');

/**
 * The pages a member reaches from a mail, outside /api (their addresses are in the mails). Opening a link only
 * shows a page with a button: mail scanners that fetch every link must not confirm or unsubscribe anybody. The
 * button's POST does it. `POST /unsubscribe` is also the RFC 8058 one-click target a mail client posts to.
 */
export function memberPagesRoutes(services: Pick<AppContext, 'members'>) {
  /** A handler whose refusal (a link used, expired or forged) is the page that says so; anything else is thrown on. */
  const page =
    (handler: (c: Context<AppEnv>) => Promise<Response>) =>
    async (c: Context<AppEnv>): Promise<Response> => {
      try {
        return await handler(c);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return standalonePage(c, {
          title: 'Link not valid',
          status: err.status,
          body: `<p>${escapeHtml(err.message)}</p>`,
        });
      }
    };
  return new Hono<AppEnv>()
    .get('/subscribe/sent', (c) =>
      standalonePage(c, {
        title: 'Check your inbox',
        body: `<p>${escapeHtml(SUBSCRIBE_CHECK_EMAIL)}</p><p>The link works once, for ${CONFIRM_LINK_HOURS} hours. If nothing arrives, look in the spam folder or subscribe again.</p>`,
      }),
    )
    .get(
      '/subscribe/confirm',
      page(async (c) => {
        const token = c.req.query('token');
        const pending = await services.members.checkConfirm(token);
        const boxes = pending.offered.map((n) => {
          const checked = pending.requested.includes(n.slug) ? ' checked' : '';
          return `<li><label><input type="checkbox" name="newsletters" value="${escapeHtml(n.slug)}"${checked}> <strong>${escapeHtml(n.name)}</strong>: ${escapeHtml(n.description)}</label></li>`;
        });
        return standalonePage(c, {
          title: 'Confirm your subscription',
          posts: true,
          body: `<form method="post" action="/subscribe/confirm"><fieldset><legend>Newsletters for ${escapeHtml(pending.email)}</legend>
<ul class="choices">${boxes.join('')}</ul></fieldset>
<input type="hidden" name="token" value="${escapeHtml(token ?? '')}"><input type="hidden" name="choice" value="1">
<p>${escapeHtml(SUBSCRIBE_CONSENT_TEXT)}</p><button type="submit">Confirm subscription</button></form>`,
        });
      }),
    )
    .post(
      '/subscribe/confirm',
      page(async (c) => {
        const form = await readFormLists(c);
        const ticked = form.newsletters === undefined ? [] : [form.newsletters].flat();
        const done = await services.members.confirm(form.token, form.choice ? ticked : undefined);
        return standalonePage(c, {
          title: 'Subscription confirmed',
          body: `<p>${list(done.newsletters)} will come to ${escapeHtml(done.email)}. Every mail has a link to unsubscribe.</p><p><a href="/">Back to the front page</a></p>`,
        });
      }),
    )
    .get(
      '/unsubscribe',
      page(async (c) => {
        const { id, signature } = unsubscribeParams(c.req.query('m'), c.req.query('s'));
        const member = await services.members.checkUnsubscribe(id, signature);
        const action = `/unsubscribe?m=${id}&s=${encodeURIComponent(signature)}`;
        return standalonePage(c, {
          title: 'Unsubscribe',
          posts: true,
          body: `<p>Stop every newsletter to ${escapeHtml(member.email)}?</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">Unsubscribe</button></form>`,
        });
      }),
    )
    .post(
      '/unsubscribe',
      page(async (c) => {
        const { id, signature } = unsubscribeParams(c.req.query('m'), c.req.query('s'));
        const done = await services.members.unsubscribe(id, signature);
        return standalonePage(c, {
          title: 'Unsubscribed',
          body: `<p>No more newsletters will be sent to ${escapeHtml(done.email)}. You can subscribe again at any time.</p>`,
        });
      }),
    );
}

function unsubscribeParams(m: string | undefined, s: string | undefined): { id: number; signature: string } {
  if (!m || !/^\d{1,15}$/.test(m) || !s || !/^[\w-]{43}$/.test(s)) throw new AppError(400, UNSUBSCRIBE_LINK_INVALID);
  return { id: Number(m), signature: s };
}

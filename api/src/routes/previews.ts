import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { PreviewLinkInputSchema } from 'content-schema/preview';
import { SITE_NAME } from 'content-schema/site';
import type { AppContext, AppEnv } from '../app-env.ts';
import { SESSION_COOKIE } from '../lib/cookies.ts';
import { validate } from '../lib/errors.ts';
import { idParam, readJson } from '../lib/http.ts';
import { requireAdmin } from '../lib/require-admin.ts';
import { POST_NOT_FOUND } from '../services/posts/rows.ts';
import { PREVIEW_LINK_NOT_FOUND } from '../services/previews.ts';

/** Managing a post's preview links (mounted at /api): the editor only. */
export function previewLinksRoutes(services: Pick<AppContext, 'previews'>) {
  return new Hono<AppEnv>()
    .get('/posts/:id/preview-links', requireAdmin, async (c) => {
      return c.json(await services.previews.list(idParam(c, 'id', POST_NOT_FOUND)));
    })
    .post('/posts/:id/preview-links', requireAdmin, async (c) => {
      const postId = idParam(c, 'id', POST_NOT_FOUND);
      const validity = validate(PreviewLinkInputSchema, await readJson(c));
      return c.json(await services.previews.create(postId, validity, c.get('user')?.username ?? null), 201);
    })
    .post('/preview-links/:id/revoke', requireAdmin, async (c) => {
      return c.json(await services.previews.revoke(idParam(c, 'id', PREVIEW_LINK_NOT_FOUND)));
    });
}

/**
 * What every preview answer carries: kept out of search engines (the page says so too), out of every cache, and
 * the token in the address is never sent on as a referrer (to the page's own assets or to links it holds).
 */
const PREVIEW_HEADERS = {
  'X-Robots-Tag': 'noindex, nofollow',
  'Cache-Control': 'private, no-store',
  'Referrer-Policy': 'no-referrer',
} as const;

const escape = (text: string) => text.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A plain page (no script, no style: the site's policy allows neither inline) for answers that are not a preview. */
function plainPage(title: string, message: string, link: { href: string; label: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escape(title)} | ${escape(SITE_NAME)}</title>
</head>
<body>
<main>
<h1>${escape(title)}</h1>
<p>${escape(message)}</p>
<p><a href="${escape(link.href)}">${escape(link.label)}</a></p>
</main>
</body>
</html>
`;
}

const NOT_FOUND_PAGE = plainPage(
  'Preview not available',
  'This preview link does not exist, has expired or was revoked. Ask the person who shared it for a new one.',
  { href: '/', label: `Go to ${SITE_NAME}` },
);
const SIGN_IN_PAGE = plainPage('Sign in to preview', 'Previews of your drafts are shown to the signed-in editor.', {
  href: '/admin',
  label: 'Sign in',
});
const UNAVAILABLE_PAGE = plainPage(
  'Preview unavailable',
  'The preview cannot be shown right now. Try again in a moment.',
  {
    href: '/',
    label: `Go to ${SITE_NAME}`,
  },
);

function answer(c: Context<AppEnv>, html: string, status: 200 | 401 | 404 | 503) {
  return c.html(html, status, PREVIEW_HEADERS);
}

/** Renders a post's preview; a renderer that fails is a 503 page, never an error page with details. */
async function previewPage(c: Context<AppEnv>, services: Pick<AppContext, 'previews'>, postId: number) {
  let html: string | null;
  try {
    html = await services.previews.render(postId);
  } catch (err) {
    console.error('[preview] could not render post', postId, err instanceof Error ? err.message : err);
    return answer(c, UNAVAILABLE_PAGE, 503);
  }
  return html === null ? answer(c, NOT_FOUND_PAGE, 404) : answer(c, html, 200);
}

/**
 * The public preview pages, beside the static site on the one origin (mounted before it):
 * - `/preview/{token}`: anyone holding a valid link; an unknown, expired or revoked token is one 404 page.
 * - `/preview/post/{id}`: the signed-in editor's own preview (the dashboard's Preview action), no link needed.
 * Both render the same page through the site's renderer; nothing is written to the site, its caches or the queue.
 */
export function previewPageRoutes(services: Pick<AppContext, 'previews' | 'sessions'>) {
  return new Hono<AppEnv>()
    .get('/post/:id', async (c) => {
      const user = await services.sessions.validate(getCookie(c, SESSION_COOKIE));
      if (!user) return answer(c, SIGN_IN_PAGE, 401);
      const raw = c.req.param('id');
      const id = /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
      if (!Number.isSafeInteger(id) || id < 1) return answer(c, NOT_FOUND_PAGE, 404);
      return previewPage(c, services, id);
    })
    .get('/:token', async (c) => {
      const postId = await services.previews.resolve(c.req.param('token'));
      if (postId === null) return answer(c, NOT_FOUND_PAGE, 404);
      return previewPage(c, services, postId);
    })
    .get('*', (c) => answer(c, NOT_FOUND_PAGE, 404));
}

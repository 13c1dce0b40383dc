/**
 * Browser form posts to the API: the reader forms submitted without JavaScript. Their body is a form rather than
 * JSON, and the browser shows whatever the API answers, so a refusal is a small page of its own rather than JSON.
 */
import type { Context } from 'hono';
import { escapeHtml } from 'content-schema/html';
import { SITE_NAME } from 'content-schema/site';
import { cspHash } from '../security-headers.ts';
import { AppError } from './errors.ts';

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

/** Whether a Content-Type is a form's, as a page's `<form method="post">` sends it. */
export function isFormType(contentType: string | undefined): boolean {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  return type !== undefined && FORM_TYPES.has(type);
}

/** Whether the request's body is a form. */
export const isFormPost = (c: Context): boolean => isFormType(c.req.header('Content-Type'));

/** The posted fields as text; a file (no reader form has one) is dropped, and a repeated name keeps its last value. */
export async function readForm(c: Context): Promise<Record<string, string>> {
  let body: Record<string, string | File>;
  try {
    body = await c.req.parseBody();
  } catch {
    // A multipart body whose boundary or parts do not parse is the client's mistake, never a 500.
    throw new AppError(400, 'Request body must be a valid form');
  }
  return Object.fromEntries(Object.entries(body).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

const PAGE_STYLE =
  'body{margin:0;font:1rem/1.6 system-ui,sans-serif;color:#0f172a;background:#f8fafc}' +
  'main{max-width:40rem;margin:3rem auto;padding:0 1.25rem}' +
  'h1{font-size:1.5rem;line-height:1.3}li{margin:.25rem 0;color:#991b1b}a{color:#1d4ed8}';

/**
 * The policy of the refusal page: it runs and loads nothing; only its own stylesheet applies, allowed by hash (the
 * API's usual `default-src 'none'` would leave it unstyled).
 */
export const FORM_PAGE_CSP = [
  "default-src 'none'",
  `style-src ${cspHash(PAGE_STYLE)}`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The page the form was posted from (the Referer, when it is one of `origins`), else the home page. */
function formPage(c: Context, origins: ReadonlySet<string>): string {
  const referer = c.req.header('Referer');
  if (!referer || !URL.canParse(referer)) return '/';
  const url = new URL(referer);
  return origins.has(url.origin) ? `${url.pathname}${url.search}` : '/';
}

/**
 * A form post's refusal as a standalone page: what was wrong, one line per field in the schema's words (or the
 * refusal's own message), and the way back to the form, whose fields the browser's Back keeps filled.
 * `origins` are the site's (the pages a link back may point to).
 */
export function formErrorPage(c: Context, err: AppError, origins: ReadonlySet<string>): Response {
  const messages = [...new Set(err.issues?.length ? err.issues.map((i) => i.message) : [err.message])];
  const back = escapeHtml(formPage(c, origins));
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Not sent | ${escapeHtml(SITE_NAME)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<main>
<p><a href="/">${escapeHtml(SITE_NAME)}</a></p>
<h1>Your message was not sent</h1>
<p>Please correct the following and send it again:</p>
<ul>
${messages.map((m) => `<li>${escapeHtml(m)}</li>`).join('\n')}
</ul>
<p><a href="${back}">Back to the form</a>. Your browser's Back button returns to it with what you typed.</p>
</main>
</body>
</html>
`;
  c.header('Content-Security-Policy', FORM_PAGE_CSP);
  return c.html(html, err.status);
}

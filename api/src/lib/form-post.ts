/**
 * Browser form posts to the API: the reader forms submitted without JavaScript. Their body is a form rather than
 * JSON, and the browser shows whatever the API answers, so a refusal is a small page of its own rather than JSON.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
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
  const body = await parsedForm(c, false);
  return Object.fromEntries(Object.entries(body).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** The posted fields, a repeated name (a group of checkboxes) as the list of its values; files dropped. */
export async function readFormLists(c: Context): Promise<Record<string, string | string[]>> {
  const body = await parsedForm(c, true);
  const text = (v: unknown): v is string => typeof v === 'string';
  return Object.fromEntries(
    Object.entries(body).flatMap(([k, v]): [string, string | string[]][] =>
      Array.isArray(v) ? [[k, v.filter(text)]] : text(v) ? [[k, v]] : [],
    ),
  );
}

async function parsedForm(c: Context, all: boolean): Promise<Record<string, unknown>> {
  try {
    return await c.req.parseBody({ all });
  } catch {
    // A multipart body whose boundary or parts do not parse is the client's mistake, never a 500.
    throw new AppError(400, 'Request body must be a valid form');
  }
}

const PAGE_STYLE =
  'body{margin:0;font:1rem/1.6 system-ui,sans-serif;color:#0f172a;background:#f8fafc}' +
  'main{max-width:40rem;margin:3rem auto;padding:0 1.25rem}' +
  'h1{font-size:1.5rem;line-height:1.3}li{margin:.25rem 0}.errors li{color:#991b1b}a{color:#1d4ed8}' +
  'fieldset{border:0;padding:0;margin:0}legend{font-weight:600}.choices{list-style:none;padding:0}' +
  'button{font:inherit;background:#1d4ed8;color:#fff;border:0;border-radius:.375rem;padding:.6rem 1.2rem;cursor:pointer}' +
  'button:focus-visible{outline:3px solid #0f172a;outline-offset:2px}';

/**
 * The policy of the API's own pages: they run and load nothing; only their own stylesheet applies, allowed by hash
 * (the API's usual `default-src 'none'` would leave them unstyled); a page with a form may post it to this origin.
 */
function pageCsp(formAction: "'none'" | "'self'"): string {
  return [
    "default-src 'none'",
    `style-src ${cspHash(PAGE_STYLE)}`,
    "base-uri 'none'",
    `form-action ${formAction}`,
    "frame-ancestors 'none'",
  ].join('; ');
}
export const FORM_PAGE_CSP = pageCsp("'none'");

/**
 * A small standalone page of the API (a form's refusal, a subscription's confirmation): the site's name as a link
 * home, a heading (the title unless given) and the body's HTML (escaped by the caller), `noindex`.
 */
export function standalonePage(
  c: Context,
  page: { title: string; heading?: string; body: string; status?: ContentfulStatusCode; posts?: boolean },
): Response {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)} | ${escapeHtml(SITE_NAME)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<main>
<p><a href="/">${escapeHtml(SITE_NAME)}</a></p>
<h1>${escapeHtml(page.heading ?? page.title)}</h1>
${page.body}
</main>
</body>
</html>
`;
  c.header('Content-Security-Policy', pageCsp(page.posts ? "'self'" : "'none'"));
  c.header('Cache-Control', 'no-store');
  return c.html(html, page.status ?? 200);
}

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
/** The heading of a refusal, by the path the form posts to. */
const REFUSAL_HEADINGS: Record<string, string> = { '/api/members/subscribe': 'Your subscription was not sent' };

export function formErrorPage(c: Context, err: AppError, origins: ReadonlySet<string>): Response {
  const messages = [...new Set(err.issues?.length ? err.issues.map((i) => i.message) : [err.message])];
  const back = escapeHtml(formPage(c, origins));
  return standalonePage(c, {
    title: 'Not sent',
    heading: REFUSAL_HEADINGS[c.req.path] ?? 'Your message was not sent',
    status: err.status,
    body: `<p>Please correct the following and send it again:</p>
<ul class="errors">
${messages.map((m) => `<li>${escapeHtml(m)}</li>`).join('\n')}
</ul>
<p><a href="${back}">Back to the form</a>. Your browser's Back button returns to it with what you typed.</p>`,
  });
}

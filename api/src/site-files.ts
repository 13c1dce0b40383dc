import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { serveStatic, type ServeStaticOptions } from '@hono/node-server/serve-static';
import { Hono, type Context, type MiddlewareHandler, type Next } from 'hono';
import { FORM_PAGES, formStampPlaceholder, MESSAGE_TYPES, type MessageType } from 'content-schema/messages';
import type { AppContext, AppEnv } from './app-env.ts';
import { CSP_ADMIN } from './security-headers.ts';

/** `root`: the live site's folder, its symlink resolved once per request; `file`: the file serveStatic found. */
type FilesEnv = AppEnv & { Variables: { root: string; file: string } };

/**
 * Names that change with their content: Astro's assets, the admin's, the search bundles (b/{key}-{hash}/) and the
 * articles' share images (og/{slug}/{hash}.png).
 */
const HASHED = /\/(_astro|assets|pagefind\/b|og)\//;

/** What serveStatic sets on the context before it reads the file; cleared when the file turns out to be gone. */
const FILE_HEADERS = [
  'Content-Type',
  'Content-Encoding',
  'Content-Length',
  'Last-Modified',
  'Accept-Ranges',
  'Content-Range',
];

/**
 * The body's first bytes are read before the answer leaves, because serveStatic opens its file only when its body
 * is first read, and the renderer replaces or removes files while they are read (a publish, an unpublish): an open
 * file removed after the headers went out still sends the body they promised. Null when the file was gone first.
 */
async function opened(body: ReadableStream<Uint8Array>): Promise<ReadableStream<Uint8Array> | null> {
  const reader = body.getReader();
  const first = await reader.read().catch(() => null);
  if (!first) return null;
  return new ReadableStream({
    start: (controller) => (first.done ? controller.close() : controller.enqueue(first.value)),
    pull: async (controller) => {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/**
 * serveStatic finds the file (`{dir}/index.html` for a folder, a `.br`/`.gz` sibling the client accepts), sends it
 * with its type, length and Last-Modified, and refuses `..`, `//`, `\\` and any `%` left after decoding. Added here,
 * what it leaves out: Cache-Control (hashed names are immutable, everything else is revalidated so a rebuild shows
 * at once), a weak ETag from the file's size and modification time to the millisecond (Last-Modified has whole
 * seconds, and a republish can land within one), 304 for a client that holds it, and the wait for the file to be
 * open (above). With `status: 404` it sends the site's 404 page as the answer to a path that has none.
 */
function files(options: ServeStaticOptions<FilesEnv>, status: 200 | 404 = 200): MiddlewareHandler<FilesEnv> {
  const serve = serveStatic<FilesEnv>({ ...options, precompressed: true, onFound: (path, c) => c.set('file', path) });
  return async (c, next) => {
    const res = await serve(c, next);
    if (!(res instanceof Response)) return; // not found: serveStatic has passed the request on
    const stat = statSync(c.get('file'), { throwIfNoEntry: false });
    const etag = stat && `W/"${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}"`;
    const hashed = status === 200 && HASHED.test(c.req.path);
    res.headers.set(
      'Cache-Control',
      hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
    );
    if (etag) res.headers.set('ETag', etag);
    if (etag && status === 200 && res.status === 200 && c.req.header('If-None-Match') === etag) {
      await res.body?.cancel();
      res.headers.delete('Content-Length');
      return new Response(null, { status: 304, headers: res.headers });
    }
    const body = res.body && (await opened(res.body));
    if (res.body && !body) {
      // Removed between serveStatic's look and its open (an unpublish): answered as if it had never been there.
      for (const name of FILE_HEADERS) c.header(name, undefined);
      return next();
    }
    return new Response(body, { status: status === 404 ? 404 : res.status, headers: res.headers });
  };
}

/** The placeholder the renderer writes for each form's stamp, to the form's type; and any of them. */
const PLACEHOLDERS = new Map(MESSAGE_TYPES.map((type) => [formStampPlaceholder(type), type]));
const ANY_PLACEHOLDER = new RegExp(
  [...PLACEHOLDERS.keys()].map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'),
  'g',
);

/**
 * A reader form's page (/contact, /tip, /corrections), served with a fresh stamp where the renderer wrote its
 * placeholders: the form's hidden field and its island's props (services/operations/form-stamps.ts). The page is
 * read whole, as it must be rewritten, and sent for no cache to keep: `private` (never a shared cache, which would
 * hand one reader's stamp to the next) and `no-cache` without an ETag or Last-Modified, so a browser cannot get a
 * 304 and reuse an old stamp; it may keep the page for Back, whose stamp stays good for a day.
 */
async function stampedFormPage(
  c: Context<FilesEnv>,
  next: Next,
  stamp: (type: MessageType) => Promise<string>,
): Promise<Response | void> {
  // The file's own address (`/contact.html`) too: served as it is, its form would carry only the placeholder.
  const path = c.req.path.replace(/\.html$/, '');
  if (!(FORM_PAGES as readonly string[]).includes(path)) return next();
  const html = await readFile(join(c.get('root'), `${path}.html`), 'utf8').catch(() => null);
  if (html === null) return next();
  // One stamp per form on the page, so the hidden field and the island's props carry the same.
  const found = new Set(Array.from(html.matchAll(ANY_PLACEHOLDER), (m) => m[0]));
  const stamps = new Map(
    await Promise.all([...found].map(async (p) => [p, await stamp(PLACEHOLDERS.get(p)!)] as const)),
  );
  const page = html.replace(ANY_PLACEHOLDER, (p) => stamps.get(p)!);
  const headers = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-cache' };
  return c.req.method === 'HEAD' ? c.body(null, 200, headers) : c.body(page, 200, headers);
}

/**
 * Where a page's address with a trailing slash belongs: the same path without it, the query kept, or null. Links
 * copied from other sites and chat apps often carry the slash, while every page is built as `{path}.html` (Astro's
 * `trailingSlash: 'never'`). Not the home page (`/` is its path), and never a path a browser would read as another
 * site (`//host`, `/\host`, or either spelt with %2F or %5C).
 */
function withoutTrailingSlash(requestUrl: string): string | null {
  const { pathname, search } = new URL(requestUrl);
  const path = pathname.replace(/\/+$/, '');
  if (path === pathname || path === '' || /^\/(?:[/\\]|%2f|%5c)/i.test(path)) return null;
  return `${path}${search}`;
}

/**
 * The built site at `/` (real 404s with its 404 page) and the admin SPA at `/admin` (unknown paths fall back to
 * its index). The live folder is the builder's, looked up per request: it swaps the folder's symlink atomically.
 */
export function siteFilesRoutes(services: Pick<AppContext, 'posts' | 'builder' | 'env' | 'operations'>) {
  const adminRoot = resolve(services.env.ADMIN_DIST);
  return (
    new Hono<FilesEnv>()
      .get('/posts/:slug', (c) => c.redirect(`/post/${encodeURIComponent(c.req.param('slug'))}`, 301))
      .get('/login', (c) => c.redirect('/admin', 301))
      .get('/create-post', (c) => c.redirect('/admin/create', 301))
      .on(
        ['GET', 'HEAD'],
        ['/admin', '/admin/*'],
        // The site's policy is every answer's (app.ts); the admin has its own.
        async (c, next) => {
          c.header('Content-Security-Policy', CSP_ADMIN);
          await next();
        },
        files({ rewriteRequestPath: (path) => join(adminRoot, path.slice('/admin'.length)) }),
        // A missing asset is missing; any other path is one of the app's own routes, which its index shows.
        (c, next): Response | Promise<void> =>
          c.req.path.startsWith('/admin/assets/') ? c.text('Not found', 404) : next(),
        files({ path: join(adminRoot, 'index.html') }),
        (c) => c.text('The admin app is not built yet. Run the build step.', 503),
      )
      .on(
        ['GET', 'HEAD'],
        '*',
        async (c, next) => {
          const dir = services.builder.liveDir();
          if (!dir) {
            c.header('Retry-After', '5');
            return c.text('The site is being built. It will be ready in a few seconds.', 503);
          }
          c.set('root', resolve(dir));
          // The search index's bookkeeping (site/render/search/index.ts) lives beside its bundles, not in the site.
          if (c.req.path === '/pagefind/state.json') return c.text('Not found', 404);
          await next();
        },
        (c, next) => stampedFormPage(c, next, (type) => services.operations.messages.stamp(type)),
        files({ rewriteRequestPath: (path, c) => join(c.get('root'), path) }),
        // Pages are built as `{path}.html` (astro.config.mjs: build.format 'file').
        files({ rewriteRequestPath: (path, c) => join(c.get('root'), `${path}.html`) }),
      )
      // A renamed post keeps its old URL working. Only an old slug redirects: a published post missing from the site
      // (one that cannot be rendered) is a 404.
      .on(['GET', 'HEAD'], '/post/:slug', async (c, next) => {
        const slug = c.req.param('slug');
        const post = await services.posts.bySlug(slug, { isAdmin: false }).catch(() => null);
        if (post && post.slug !== slug) return c.redirect(`/post/${post.slug}`, 301);
        await next();
      })
      .on(
        ['GET', 'HEAD'],
        '*',
        // No file has this path; with a trailing slash it is most likely a page's address. A folder with an index
        // (served above) keeps its slash, and `/admin/`, `/api/…` and `/preview/…` never reach here.
        (c, next): Response | Promise<void> => {
          const canonical = withoutTrailingSlash(c.req.url);
          return canonical ? c.redirect(canonical, 301) : next();
        },
        // The site's 404 page, whatever the path (serveStatic's `path` skips its checks of the request's own path).
        (c, next) => files({ path: join(c.get('root'), '404.html') }, 404)(c, next),
        (c) => c.text('404 Page Not Found', 404),
      )
  );
}

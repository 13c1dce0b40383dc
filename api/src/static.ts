import { closeSync, createReadStream, fstatSync, openSync, type Stats } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import type { AppEnv } from './app-env.ts';
import { CSP_ADMIN, CSP_SITE, securityHeaders } from './security-headers.ts';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
  '.pf_meta': 'application/octet-stream',
  '.pf_index': 'application/octet-stream',
  '.pf_fragment': 'application/octet-stream',
  '.pagefind': 'application/octet-stream',
};

/**
 * An open file and its size and time, or null. The file is opened before anything is answered and streamed from
 * that descriptor: the renderer replaces or removes files while they are being read (a publish, an unpublish),
 * and a file removed after its headers went out must still send the body those headers promised.
 */
interface OpenFile {
  fd: number;
  stat: Stats;
}

function openFile(path: string): OpenFile | null {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return null;
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isFile()) return { fd, stat };
  } catch {
    // fall through
  }
  closeSync(fd);
  return null;
}

/** Resolves a URL path inside root without ever leaving it. */
function inside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const full = normalize(join(root, decoded));
  return full === root || full.startsWith(root + sep) ? full : null;
}

function send(c: Context, path: string, file: OpenFile, status: 200 | 404 = 200, csp = CSP_SITE): Response {
  const { fd, stat } = file;
  const ext = extname(path);
  const etag = `W/"${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}"`;
  // Names that change with their content: Astro's assets, and the search bundles (b/{key}-{content hash}/).
  const hashed = /\/(_astro|assets|pagefind\/b)\//.test(path);
  // A Response built here does not carry what the first middleware set on the context, so set it again.
  const headers: Record<string, string> = {
    ...securityHeaders(c.req.url, c.req.header('X-Forwarded-Proto')),
    'Content-Security-Policy': csp,
    'Content-Type': MIME[ext] ?? 'application/octet-stream',
    // Hashed assets never change; everything else is revalidated so a rebuild shows at once.
    'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
    ETag: etag,
  };
  if (status === 200 && c.req.header('If-None-Match') === etag) {
    closeSync(fd);
    return new Response(null, { status: 304, headers });
  }
  headers['Content-Length'] = String(stat.size);
  if (c.req.method === 'HEAD') {
    closeSync(fd);
    return new Response(null, { status, headers });
  }
  const body = Readable.toWeb(createReadStream('', { fd, autoClose: true })) as ReadableStream;
  return new Response(body, { status, headers });
}

/** The built site at `/` (real 404s) and the admin SPA at `/admin` (unknown paths fall back to its index). */
export function staticRoutes(opts: { siteDir: () => string | null; adminDir: string }) {
  const adminRoot = resolve(opts.adminDir);
  const app = new Hono<AppEnv>();

  app.get('/posts/:slug', (c) => c.redirect(`/post/${encodeURIComponent(c.req.param('slug'))}`, 301));
  app.get('/login', (c) => c.redirect('/admin', 301));
  app.get('/create-post', (c) => c.redirect('/admin/create', 301));

  app.on(['GET', 'HEAD'], ['/admin', '/admin/*'], (c) => {
    const rel = c.req.path.slice('/admin'.length) || '/';
    const candidate = inside(adminRoot, rel);
    const file = candidate && rel !== '/' ? openFile(candidate) : null;
    if (candidate && file) return send(c, candidate, file, 200, CSP_ADMIN);
    if (/^\/assets\//.test(rel)) return c.text('Not found', 404);
    const index = join(adminRoot, 'index.html');
    const indexFile = openFile(index);
    if (!indexFile) return c.text('The admin app is not built yet. Run the build step.', 503);
    return send(c, index, indexFile, 200, CSP_ADMIN);
  });

  app.on(['GET', 'HEAD'], '*', async (c) => {
    const dir = opts.siteDir();
    if (!dir) {
      c.header('Retry-After', '5');
      return c.text('The site is being built. It will be ready in a few seconds.', 503);
    }
    const root = resolve(dir);
    const path = c.req.path;
    // The search index's bookkeeping (site/render/search/index.ts) lives beside its bundles but is not the site's.
    if (path === '/pagefind/state.json') return c.text('Not found', 404);
    const base = inside(root, path);
    if (base) {
      const candidates = path.endsWith('/') ? [join(base, 'index.html')] : [base, `${base}.html`, join(base, 'index.html')];
      for (const candidate of candidates) {
        const file = openFile(candidate);
        if (file) return send(c, candidate, file);
      }
    }
    // A renamed post keeps its old URL working.
    const old = /^\/post\/([^/]+)$/.exec(path);
    if (old) {
      let slug: string | null = null;
      try {
        slug = decodeURIComponent(old[1]!);
      } catch {
        slug = null;
      }
      const post = slug ? await c.get('ctx').posts.bySlug(slug, { isAdmin: false }).catch(() => null) : null;
      // Only an old slug redirects: a published post missing from the site (one that cannot be rendered) is a 404.
      if (post && post.slug !== slug) return c.redirect(`/post/${post.slug}`, 301);
    }
    const notFound = join(root, '404.html');
    const file = openFile(notFound);
    if (file) return send(c, notFound, file, 404);
    return c.text('404 Page Not Found', 404);
  });

  return app;
}

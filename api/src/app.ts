import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie } from 'hono/cookie';
import { HTTPException } from 'hono/http-exception';
import type { AppDeps, AppEnv } from './app-env.ts';
import { writeAllowed } from './lib/client-info.ts';
import { compressAnswers } from './lib/compress.ts';
import { SESSION_COOKIE, readWroteCookie, setSessionCookie, setWroteCookie } from './lib/cookies.ts';
import { AppError } from './lib/errors.ts';
import { formErrorPage, isFormPost } from './lib/form-post.ts';
import { FrontCache } from './lib/front-cache.ts';
import { analyticsRoutes } from './routes/analytics.ts';
import { authRoutes } from './routes/auth.ts';
import { automationRoutes } from './routes/automation.ts';
import { buildRoutes } from './routes/build.ts';
import { correctionsRoutes } from './routes/corrections.ts';
import { messagesRoutes } from './routes/messages.ts';
import { notificationsRoutes } from './routes/notifications.ts';
import { performanceRoutes } from './routes/performance.ts';
import { postsRoutes } from './routes/posts.ts';
import { previewLinksRoutes, previewPageRoutes } from './routes/previews.ts';
import { revisionsRoutes } from './routes/revisions.ts';
import { scheduleRoutes } from './routes/schedule.ts';
import { siteRoutes } from './routes/site.ts';
import { statusRoutes } from './routes/status.ts';
import { templatesRoutes } from './routes/templates.ts';
import { viewsRoutes } from './routes/views.ts';
import { workflowsRoutes } from './routes/workflows.ts';
import { workingCopiesRoutes } from './routes/working-copies.ts';
import { securityHeaders } from './security-headers.ts';
import { createServices } from './services.ts';
import { siteFilesRoutes } from './site-files.ts';

export type { AppContext, AppDeps, AppEnv } from './app-env.ts';

export const MAX_BODY_BYTES = 1024 * 1024;
/** Clock skew allowed between instances when a browser's last write is compared with a replica's last pull. */
const REPLICA_CLOCK_MARGIN_MS = 250;

/** Builds the whole application (API, admin and site files) from injected dependencies. */
export function createApp(deps: AppDeps) {
  const ctx = createServices(deps, async () => {
    // The API's own health: one request through the whole middleware stack.
    const res = await app.request(`${deps.env.SITE_URL}/api/health`);
    if (!res.ok) throw new Error(`health answered ${res.status}`);
  });
  // Writes are accepted from the configured site origin (and ALLOWED_ORIGINS) only, never from whatever Host the
  // request names: a DNS-rebinding page has a foreign name but reaches this server's address.
  const remoteDb = !deps.env.DATABASE_URL.startsWith('file:');
  const allowedOrigins = new Set([new URL(deps.env.SITE_URL).origin, ...deps.env.ALLOWED_ORIGINS]);

  const app = new Hono<AppEnv>();
  const front = new FrontCache({
    fetch: (req, env) => app.fetch(req, env),
    views: ctx.operations.views,
    trustProxy: deps.env.TRUST_PROXY,
    allowedOrigins,
  });

  app.onError((err, c) => {
    if (err instanceof AppError) {
      for (const [k, v] of Object.entries(err.headers ?? {})) c.header(k, v);
      // A page's form posted without JavaScript: the browser shows the answer, so it is a page, not JSON.
      if (isFormPost(c)) return formErrorPage(c, err, allowedOrigins);
      return c.json({ ...err.extra, error: err.message, ...(err.issues ? { issues: err.issues } : {}) }, err.status);
    }
    if (err instanceof HTTPException) return c.json({ error: err.message || 'Request failed' }, err.status);
    console.error('[api] unexpected error:', err);
    return c.json({ error: 'Internal server error' }, 500);
  });

  // Which instance answered, for the tests behind a load balancer (scripts/e2e-lb-server.ts); off otherwise.
  const instanceId = process.env.INSTANCE_HEADER === 'on' ? `${deps.env.HOST}:${deps.env.PORT}:${process.pid}` : null;
  app.use('*', async (c, next) => {
    // Headers are set before the handler so its response is built with them: changing a finished
    // response makes Hono copy it into a stream, which costs most of the throughput.
    for (const [k, v] of Object.entries(securityHeaders(c.req.url, c.req.header('X-Forwarded-Proto')))) c.header(k, v);
    c.header('Vary', 'Accept-Encoding');
    await next();
    // After the handler, so the site's files (Responses of their own) carry it too; costs the fast path, only on.
    if (instanceId) c.res.headers.set('X-Instance', instanceId);
    // Last of all, so what the front cache holds is exactly what was sent.
    front.capture(c);
  });

  app.use('/api/*', async (c, next) => {
    // CSRF: a write must come from the site's origin (hono/csrf only checks form content types, so JSON needs this).
    if (!['GET', 'HEAD', 'OPTIONS'].includes(c.req.method) && !writeAllowed(c.req.header('Origin'), c.req.header('Sec-Fetch-Site'), allowedOrigins))
      throw new AppError(403, 'Cross-origin request refused');
    // Read-your-writes across instances: a browser that changed something in the last minute may be ahead of this
    // instance's replica; pull before reading (the margin covers clock skew between machines).
    const wrote = readWroteCookie(c);
    const replica = deps.db.$replica;
    const behind = !!replica && wrote > replica.syncedFrom() - REPLICA_CLOCK_MARGIN_MS;
    if (behind) await replica.catchUp(Math.min(wrote, Date.now()) + REPLICA_CLOCK_MARGIN_MS);
    const token = getCookie(c, SESSION_COOKIE);
    // After a pull for this browser's own write (a sign-in, a logout elsewhere), its session is read afresh.
    const user = await ctx.sessions.validate(token, { fresh: behind });
    c.set('user', user);
    if (user?.renewed && token) setSessionCookie(c, token, user.expiresAt);
    c.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
    c.header('Cache-Control', 'no-store');
    await next();
    // On a shared remote database, the editor's writes (and a sign-in) are remembered in the browser for the next
    // request, whichever instance it reaches. Readers (views beacons) never get a cookie.
    const write = !['GET', 'HEAD', 'OPTIONS'].includes(c.req.method) && c.res.status < 400;
    if (remoteDb && write && (user || c.req.path.startsWith('/api/auth/login'))) setWroteCookie(c, Date.now());
  });

  app.use('*', compressAnswers());

  const tooLarge = () => {
    throw new AppError(413, 'Request body is too large (at most 1 MB)');
  };
  const limitBody = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge });
  // hono's bodyLimit asks for the request's body stream first, which makes node-server build a full fetch Request
  // for every request (reads included): a stated Content-Length (which node's parser holds the body to) is checked
  // here instead, and only a body without one (chunked) goes through bodyLimit.
  app.use('/api/*', (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS') return next();
    const length = c.req.header('Content-Length');
    if (length !== undefined && c.req.header('Transfer-Encoding') === undefined)
      return Number(length) > MAX_BODY_BYTES ? tooLarge() : next();
    return limitBody(c, next);
  });

  // One router per resource, each handed the services: its parameter's type names the ones it uses.
  app.get('/api/health', (c) => c.json({ ok: true }));
  app.route('/api/auth', authRoutes(ctx));
  app.route('/api/posts', postsRoutes(ctx));
  app.route('/api', revisionsRoutes(ctx));
  app.route('/api/working-copies', workingCopiesRoutes(ctx));
  app.route('/api', scheduleRoutes(ctx));
  app.route('/api/build', buildRoutes(ctx));
  app.route('/api/site', siteRoutes(ctx));
  app.route('/api', correctionsRoutes(ctx));
  app.route('/api/templates', templatesRoutes(ctx));
  app.route('/api/analytics', analyticsRoutes(ctx));
  app.route('/api/automation', automationRoutes(ctx));
  app.route('/api/workflows', workflowsRoutes(ctx));
  app.route('/api/notifications', notificationsRoutes(ctx));
  app.route('/api/messages', messagesRoutes(ctx));
  app.route('/api/views', viewsRoutes(ctx));
  app.route('/api/performance', performanceRoutes(ctx));
  app.route('/api/status', statusRoutes(ctx));
  app.route('/api', previewLinksRoutes(ctx));
  app.all('/api/*', () => {
    throw new AppError(404, 'Not found');
  });

  app.route('/preview', previewPageRoutes(ctx));
  app.route('/', siteFilesRoutes(ctx));

  return { app, ctx, front };
}



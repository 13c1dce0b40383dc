/**
 * The application's middleware, in the order a request meets it: response headers (and the front cache's capture)
 * for every answer, then for the API the CSRF check, read-your-writes and the session, then body limits; and the one
 * error handler that formats whatever a handler throws.
 */
import type { Context, ErrorHandler, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie } from 'hono/cookie';
import { HTTPException } from 'hono/http-exception';
import { MAX_UPLOAD_BYTES, MEDIA_ERRORS } from 'content-schema/media';
import type { AppContext, AppEnv } from './app-env.ts';
import { writeAllowed } from './lib/client-info.ts';
import { SESSION_COOKIE, readWroteCookie, setSessionCookie, setWroteCookie } from './lib/cookies.ts';
import { AppError } from './lib/errors.ts';
import { formErrorPage, isFormPost } from './lib/form-post.ts';
import type { FrontCache } from './lib/front-cache.ts';
import { securityHeaders } from './security-headers.ts';

export const MAX_BODY_BYTES = 1024 * 1024;
/** Clock skew allowed between instances when a browser's last write is compared with a replica's last pull. */
const REPLICA_CLOCK_MARGIN_MS = 250;

const isRead = (method: string) => method === 'GET' || method === 'HEAD' || method === 'OPTIONS';

/** Every thrown error as JSON (or, for a form posted without JavaScript, a page); never a stack trace to the client. */
export function errorHandler(allowedOrigins: ReadonlySet<string>): ErrorHandler<AppEnv> {
  return (err, c) => {
    if (err instanceof AppError) {
      for (const [k, v] of Object.entries(err.headers ?? {})) c.header(k, v);
      // A page's form posted without JavaScript: the browser shows the answer, so it is a page, not JSON.
      if (isFormPost(c)) return formErrorPage(c, err, allowedOrigins);
      return c.json({ ...err.extra, error: err.message, ...(err.issues ? { issues: err.issues } : {}) }, err.status);
    }
    if (err instanceof HTTPException) return c.json({ error: err.message || 'Request failed' }, err.status);
    console.error('[api] unexpected error:', err);
    return c.json({ error: 'Internal server error' }, 500);
  };
}

/**
 * Security headers on every answer, the instance's name when asked for (the tests behind a load balancer), and the
 * front cache's capture of what was sent.
 */
export function responseHeaders(front: FrontCache, instanceId: string | null): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // Headers are set before the handler so its response is built with them: changing a finished
    // response makes Hono copy it into a stream, which costs most of the throughput.
    for (const [k, v] of Object.entries(securityHeaders(c.req.url, c.req.header('X-Forwarded-Proto')))) c.header(k, v);
    c.header('Vary', 'Accept-Encoding');
    await next();
    // After the handler, so the site's files (Responses of their own) carry it too; costs the fast path, only on.
    if (instanceId) c.res.headers.set('X-Instance', instanceId);
    // Last of all, so what the front cache holds is exactly what was sent.
    front.capture(c);
  };
}

/**
 * Read-your-writes across instances: a browser that changed something in the last minute may be ahead of this
 * instance's replica; pull before reading (the margin covers clock skew between machines). True when it pulled.
 * See docs/decisions/006-embedded-replicas-read-your-writes.md.
 */
async function catchUpWithBrowser(ctx: Pick<AppContext, 'db'>, c: Context<AppEnv>): Promise<boolean> {
  const wrote = readWroteCookie(c);
  const replica = ctx.db.$replica;
  const behind = !!replica && wrote > replica.syncedFrom() - REPLICA_CLOCK_MARGIN_MS;
  if (behind) await replica.catchUp(Math.min(wrote, Date.now()) + REPLICA_CLOCK_MARGIN_MS);
  return behind;
}

/** The API's own checks: a write only from the site's origins, the replica caught up, the session read. */
export function apiRequest(
  ctx: Pick<AppContext, 'db' | 'env' | 'sessions'>,
  allowedOrigins: ReadonlySet<string>,
): MiddlewareHandler<AppEnv> {
  const remoteDb = !ctx.env.DATABASE_URL.startsWith('file:');
  return async (c, next) => {
    // CSRF: a write must come from the site's origin (hono/csrf only checks form content types, so JSON needs this).
    if (!isRead(c.req.method) && !writeAllowed(c.req.header('Origin'), c.req.header('Sec-Fetch-Site'), allowedOrigins))
      throw new AppError(403, 'Cross-origin request refused');
    const behind = await catchUpWithBrowser(ctx, c);
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
    const write = !isRead(c.req.method) && c.res.status < 400;
    if (remoteDb && write && (user || c.req.path.startsWith('/api/auth/login'))) setWroteCookie(c, Date.now());
  };
}

/** A body limit: 413 with `message` past `max` bytes. */
function limit(max: number, message: string): MiddlewareHandler<AppEnv> {
  const tooLarge = (): never => {
    throw new AppError(413, message);
  };
  const chunked = bodyLimit({ maxSize: max, onError: tooLarge });
  return (c, next) => {
    const length = c.req.header('Content-Length');
    if (length !== undefined && c.req.header('Transfer-Encoding') === undefined)
      return Number(length) > max ? tooLarge() : next();
    return chunked(c, next);
  };
}
const limitJson = limit(MAX_BODY_BYTES, 'Request body is too large (at most 1 MB)');
const limitUploads = limit(MAX_UPLOAD_BYTES, MEDIA_ERRORS.tooLarge);
/** The forms of the pages outside /api that mails link to (a token and a few boxes). */
const limitForms = limit(16 * 1024, 'Request body is too large');
export const limitPageForms: MiddlewareHandler<AppEnv> = (c, next) =>
  isRead(c.req.method) ? next() : limitForms(c, next);

/** An image upload: a new image (POST /api/media) or a new file for one (PUT /api/media/{id}/file). */
const isUpload = (method: string, path: string) =>
  (method === 'POST' && path === '/api/media') || (method === 'PUT' && /^\/api\/media\/[^/]+\/file$/.test(path));

/**
 * Bodies over 1 MB get 413 (an image upload, over MAX_UPLOAD_BYTES). hono's bodyLimit asks for the request's body
 * stream first, which makes node-server build a full fetch Request for every request (reads included): a stated
 * Content-Length (which node's parser holds the body to) is checked here instead, before any of the body is read,
 * and only a body without one (chunked) goes through bodyLimit.
 */
export const limitBodies: MiddlewareHandler<AppEnv> = (c, next) => {
  if (isRead(c.req.method)) return next();
  return (isUpload(c.req.method, c.req.path) ? limitUploads : limitJson)(c, next);
};

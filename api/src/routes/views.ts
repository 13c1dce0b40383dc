import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../app-env.ts';
import { clientIp } from '../lib/client-info.ts';
import { AppError } from '../lib/errors.ts';
import { FrontCache } from '../lib/front-cache.ts';
import { parseJsonBody } from '../lib/http.ts';
import { BEACON_MAX_BYTES, optedOut } from '../services/operations/views.ts';

/**
 * POST /api/views: the reader beacon. No session, no cookie set or read. navigator.sendBeacon sends a
 * `text/plain` body, so the body is parsed as JSON whatever its content type. Answers 204 whether or not the
 * beacon counted (opt-outs, bots and repeats are not told apart from counted views), 400/404/413/429 otherwise.
 */
export function viewsRoutes(services: Pick<AppContext, 'operations' | 'env'>) {
  return new Hono<AppEnv>().post('/', async (c) => {
    const optOut = optedOut(c.req.header('DNT'), c.req.header('Sec-GPC'));
    // Do-Not-Track and Global Privacy Control: not even the body is read.
    if (optOut) return c.body(null, 204);
    // The editor reading their own articles (signed in on this origin) is not a reader.
    if (c.get('user')) return c.body(null, 204);
    const text = await c.req.text();
    if (text.length > BEACON_MAX_BYTES) throw new AppError(413, 'Beacon too large');
    const body = parseJsonBody(text);
    // Validates and queues in memory; the counts are written by the views writer, never on this request.
    services.operations.views.record(body, {
      // The client for rate limiting only: held in memory for minutes, never written anywhere.
      client: clientIp(c, services.env.TRUST_PROXY),
      userAgent: c.req.header('User-Agent'),
      optOut,
    });
    FrontCache.offerBeacon(c);
    return c.body(null, 204);
  });
}

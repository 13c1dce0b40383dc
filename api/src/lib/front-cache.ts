import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { isCurrent, type CachedList } from '../services/posts.ts';
import { SESSION_COOKIE, WROTE_COOKIE } from './cookies.ts';

/** A reader's answer as the application sent it, to be sent again as it is. */
interface Held {
  answer: CachedList;
  headers: OutgoingHttpHeaders;
  body: Uint8Array;
}

/** The encoding a client gets of a cached answer (brotli first): one rule for the application and the front cache. */
export function chosenEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepts = acceptEncoding ?? '';
  return /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
}

/** Cookies that make a request the editor's (a session), or one that must read its own write first. */
const EDITOR_COOKIE = new RegExp(`(?:^|;)\\s*(?:${SESSION_COOKIE}|${WROTE_COOKIE})=`);
const MAX_ENTRIES = 1000;

/**
 * Readers' cached answers (the post lists and articles by slug), replayed in front of the application: a repeat of
 * an anonymous GET is answered from the node listener with the status, headers and bytes the application sent the
 * first time, without building a request for the router, running the middleware or converting a response. That
 * work cost about as much per request as sending a 60 KB answer (`pnpm bench apiload`: list ÷ the same bytes from
 * a bare node:http server).
 *
 * What is held is exactly what the application answered, captured after every middleware (`capture`), so the front
 * path cannot differ from it; it is held only as long as the answer it came from is current in the posts service's
 * cache (a write, or the change feed for another instance's write, retires it). Only plain GETs from readers are
 * served here: a request with a session or a read-your-writes cookie, a conditional request (If-None-Match, a cheap
 * 304 in the application) and anything not captured go to the application.
 */
export class FrontCache {
  readonly #held = new Map<string, Held>();

  static #key(path: string, acceptEncoding: string | undefined, proto: string | undefined): string {
    // The proto decides HSTS among the security headers; the encoding decides the bytes.
    return `${chosenEncoding(acceptEncoding) ?? ''} ${proto ?? ''} ${path}`;
  }

  /** Answers from the cache if it can (true), else leaves the request to the application (false). */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' || !req.url || req.headers['if-none-match'] !== undefined) return false;
    const cookie = req.headers.cookie;
    if (cookie && EDITOR_COOKIE.test(cookie)) return false;
    const key = FrontCache.#key(req.url, req.headers['accept-encoding'], req.headers['x-forwarded-proto'] as string | undefined);
    const held = this.#held.get(key);
    if (!held) return false;
    if (!isCurrent(held.answer)) {
      this.#held.delete(key);
      return false;
    }
    res.writeHead(200, held.headers);
    res.end(held.body);
    return true;
  }

  /**
   * Marks the answer a route is sending as one the front may replay (a reader's cached answer, in these bytes).
   * `capture` decides, once the response is final, whether it is held.
   */
  static offer(c: Context<AppEnv>, answer: CachedList, body: Uint8Array): void {
    if (c.req.method === 'GET' && !c.get('user')) c.set('frontOffer', { answer, body });
  }

  /** After every middleware: holds an offered answer if the request and the response are a reader's. */
  capture(c: Context<AppEnv>): void {
    const offer = c.get('frontOffer');
    if (!offer || c.res.status !== 200 || !isCurrent(offer.answer)) return;
    const cookie = c.req.header('Cookie');
    if (cookie && EDITOR_COOKIE.test(cookie)) return;
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of c.res.headers) headers[name] = value;
    if (headers['set-cookie'] !== undefined || headers['cache-control'] !== 'public, no-cache') return;
    headers['content-length'] = offer.body.length;
    const url = new URL(c.req.url);
    if (this.#held.size >= MAX_ENTRIES) this.#held.clear();
    this.#held.set(FrontCache.#key(url.pathname + url.search, c.req.header('Accept-Encoding'), c.req.header('X-Forwarded-Proto')), {
      answer: offer.answer,
      headers,
      body: offer.body,
    });
  }

  /** A node request listener: the cache first, then the application's listener. */
  listener(app: (req: IncomingMessage, res: ServerResponse) => unknown) {
    return (req: IncomingMessage, res: ServerResponse) => {
      if (!this.serve(req, res)) void app(req, res);
    };
  }
}

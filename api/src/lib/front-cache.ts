import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { BEACON_MAX_BYTES, optedOut, type ViewsService } from '../services/operations/views.ts';
import { isCurrent, type CachedList } from './answer-cache.ts';
import { clientAddress, writeAllowed } from './client-info.ts';
import { SESSION_COOKIE, WROTE_COOKIE } from './cookies.ts';
import { parseJsonBody } from './http.ts';

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

export interface FrontDeps {
  /** The application, for a beacon the front read but does not answer itself. */
  fetch: (req: Request, env: { incoming: IncomingMessage; outgoing: ServerResponse }) => Response | Promise<Response>;
  views: Pick<ViewsService, 'record'>;
  trustProxy: number;
  /** Origins a write is accepted from (the application's CSRF rule). */
  allowedOrigins: ReadonlySet<string>;
}

/**
 * Readers' two hot requests, answered in front of the application: the node listener handles them before a
 * request is built for the router, the middleware runs or a response is converted. That work cost about as much
 * per request as sending a 60 KB answer (`pnpm bench apiload`: list ÷ the same bytes from a bare node:http server),
 * and made every reader's beacon take as long from the readers of the list as two list answers.
 *
 * - **Cached answers** (the post lists and articles by slug): a repeat of an anonymous GET gets the status, headers
 *   and bytes the application sent the first time, captured after every middleware (`capture`), so the front path
 *   cannot differ from it; each is held only while the answer it came from is current in the posts service's cache
 *   (a write, or the change feed for another instance's write, retires it). A conditional request (If-None-Match;
 *   a cheap 304 in the application) goes to the application.
 * - **The views beacon** (`POST /api/views`): once the application has answered one (its 204's headers are
 *   captured the same way), a reader's beacon is checked as the application checks it (origin, size, DNT/GPC) and
 *   counted by the same views service. A beacon the service refuses (bad JSON, unknown slug, over the rate) is
 *   passed to the application with the bytes read, which answers it, so every refusal is the application's own.
 *
 * Anything with a session or a read-your-writes cookie always reaches the application.
 */
export class FrontCache {
  readonly #held = new Map<string, Held>();
  /** The application's 204 to a reader's beacon, by X-Forwarded-Proto (which decides HSTS). */
  readonly #beaconAnswer = new Map<string, OutgoingHttpHeaders>();
  readonly #deps: FrontDeps;

  constructor(deps: FrontDeps) {
    this.#deps = deps;
  }

  static #key(path: string, acceptEncoding: string | undefined, proto: string | undefined): string {
    // The proto decides HSTS among the security headers; the encoding decides the bytes.
    return `${chosenEncoding(acceptEncoding) ?? ''} ${proto ?? ''} ${path}`;
  }

  /** Answers in front if it can (true), else leaves the request to the application (false). */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    const cookie = req.headers.cookie;
    if (cookie && EDITOR_COOKIE.test(cookie)) return false;
    if (req.method === 'POST' && req.url === '/api/views') return this.#beacon(req, res);
    if (req.method !== 'GET' || !req.url || req.headers['if-none-match'] !== undefined) return false;
    const key = FrontCache.#key(
      req.url,
      req.headers['accept-encoding'],
      req.headers['x-forwarded-proto'] as string | undefined,
    );
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

  /** A reader's beacon: counted here, or handed to the application (see the class comment). */
  #beacon(req: IncomingMessage, res: ServerResponse): boolean {
    const proto = req.headers['x-forwarded-proto'] as string | undefined;
    const answer = this.#beaconAnswer.get(proto ?? '');
    if (!answer) return false;
    // The application's CSRF rule for every write; a refused origin is refused by the application.
    if (
      !writeAllowed(req.headers.origin, req.headers['sec-fetch-site'] as string | undefined, this.#deps.allowedOrigins)
    )
      return false;
    const length = Number(req.headers['content-length']);
    if (req.headers['transfer-encoding'] !== undefined || !(length <= BEACON_MAX_BYTES)) return false;
    const send = () => {
      res.writeHead(204, answer);
      res.end();
    };
    // Do-Not-Track and Global Privacy Control: not even the body is read.
    if (optedOut(req.headers.dnt as string | undefined, req.headers['sec-gpc'] as string | undefined)) {
      req.resume();
      send();
      return true;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        this.#deps.views.record(parseJsonBody(text), {
          client: clientAddress(
            req.socket.remoteAddress,
            req.headers['x-forwarded-for'] as string | undefined,
            this.#deps.trustProxy,
          ),
          userAgent: req.headers['user-agent'],
          optOut: false,
        });
      } catch {
        void this.#toApplication(req, res, text);
        return;
      }
      send();
    });
    return true;
  }

  /** A request whose body the front has read, answered by the application as if it had come straight there. */
  async #toApplication(req: IncomingMessage, res: ServerResponse, body: string): Promise<void> {
    try {
      const headers = new Headers();
      for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
      const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url}`, {
        method: req.method,
        headers,
        body,
      });
      const answer = await this.#deps.fetch(request, { incoming: req, outgoing: res });
      const bytes = Buffer.from(await answer.arrayBuffer());
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(bytes);
    } catch (err) {
      console.error('[api] unexpected error:', err);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'Internal server error' }));
    }
  }

  /**
   * Marks the answer a route is sending as one the front may replay (a reader's cached answer, in these bytes).
   * `capture` decides, once the response is final, whether it is held.
   */
  static offer(c: Context<AppEnv>, answer: CachedList, body: Uint8Array): void {
    if (c.req.method === 'GET' && !c.get('user')) c.set('frontOffer', { answer, body });
  }

  /** Marks a reader's beacon the application answered 204: its headers are what the front answers beacons with. */
  static offerBeacon(c: Context<AppEnv>): void {
    if (!c.get('user')) c.set('frontBeacon', true);
  }

  /** After every middleware: holds an offered answer if the request and the response are a reader's. */
  capture(c: Context<AppEnv>): void {
    const offer = c.get('frontOffer');
    const beacon = c.get('frontBeacon') && c.res.status === 204;
    if (!beacon && (!offer || c.res.status !== 200 || !isCurrent(offer.answer))) return;
    const cookie = c.req.header('Cookie');
    if (cookie && EDITOR_COOKIE.test(cookie)) return;
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of c.res.headers) headers[name] = value;
    if (headers['set-cookie'] !== undefined) return;
    if (beacon) {
      this.#beaconAnswer.set(c.req.header('X-Forwarded-Proto') ?? '', headers);
      return;
    }
    if (!offer || headers['cache-control'] !== 'public, no-cache') return;
    headers['content-length'] = offer.body.length;
    const url = new URL(c.req.url);
    if (this.#held.size >= MAX_ENTRIES) this.#held.clear();
    this.#held.set(
      FrontCache.#key(url.pathname + url.search, c.req.header('Accept-Encoding'), c.req.header('X-Forwarded-Proto')),
      {
        answer: offer.answer,
        headers,
        body: offer.body,
      },
    );
  }

  /** A node request listener: the cache first, then the application's listener. */
  listener(app: (req: IncomingMessage, res: ServerResponse) => unknown) {
    return (req: IncomingMessage, res: ServerResponse) => {
      if (!this.serve(req, res)) void app(req, res);
    };
  }
}

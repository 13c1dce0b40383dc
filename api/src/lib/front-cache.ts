import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { isHttps } from '../security-headers.ts';
import { BEACON_MAX_BYTES, optedOut, type ViewsService } from '../services/operations/views.ts';
import { cachedEncoding } from './accept-encoding.ts';
import { ANSWER_MAX_BYTES, isCurrent, type CachedList } from './answer-cache.ts';
import { writeAllowed } from './client-info.ts';
import { SESSION_COOKIE, WROTE_COOKIE } from './cookies.ts';
import { parseJsonBody } from './http.ts';
import { clientAddress, type ProxyTrust } from './proxy-trust.ts';

/** A reader's answer as the application sent it, to be sent again as it is. */
interface Held {
  answer: CachedList;
  headers: OutgoingHttpHeaders;
  body: Uint8Array;
  /** What holding it costs: the body's bytes (most of them also the answer cache's), headers, key and entry. */
  bytes: number;
}

/** Cookies that make a request the editor's (a session), or one that must read its own write first. */
const EDITOR_COOKIE = new RegExp(`(?:^|;)\\s*(?:${SESSION_COOKIE}|${WROTE_COOKIE})=`);
/**
 * The most the front holds, counting every held body in full although most are the bytes an answer-cache entry
 * holds anyway (a held answer is replayed only while that entry is current): 16 MiB is some 70 of the realistic
 * corpus's lists of 20 with full content as a client without compression gets them (210 KB), or 270 compressed.
 */
export const FRONT_CACHE_MAX_BYTES = 16 * 1024 * 1024;
const MAX_ENTRIES = 1000;
/** What a held answer costs beside its body, headers and key (the objects, the map's slot): a generous estimate. */
const ENTRY_OVERHEAD_BYTES = 512;
/** How often the front looks for answers no longer current while it only replays (it also does whenever it holds one). */
const SWEEP_EVERY_MS = 5000;

/**
 * Whether a request's URL is the usual spelling of what the route read from it, so the front may hold its answer
 * under it: a path without percent-escapes (the API's slugs never need one) and a query holding each parameter the
 * route parsed once, written as the parsed value writes it (`encodeURIComponent`, a space also as `+`). Any other
 * spelling (an unknown or repeated parameter, `limit=020`, `%61`) gets the same cached answer from the application,
 * and is not held once more in front for every variant a client can invent.
 */
export function usualUrl(url: string, query: Readonly<Record<string, unknown>> = {}): boolean {
  const start = url.indexOf('?');
  if ((start === -1 ? url : url.slice(0, start)).includes('%')) return false;
  if (start === -1) return Object.keys(query).length === 0;
  const seen = new Set<string>();
  for (const pair of url.slice(start + 1).split('&')) {
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    if (eq <= 0 || seen.has(name) || !Object.hasOwn(query, name) || query[name] === undefined) return false;
    seen.add(name);
    const usual = encodeURIComponent(String(query[name]));
    const raw = pair.slice(eq + 1);
    if (raw !== usual && raw !== usual.replaceAll('%20', '+')) return false;
  }
  return seen.size === Object.values(query).filter((v) => v !== undefined).length;
}

export interface FrontDeps {
  /** The application, for a beacon the front read but does not answer itself. */
  fetch: (req: Request, env: { incoming: IncomingMessage; outgoing: ServerResponse }) => Response | Promise<Response>;
  views: Pick<ViewsService, 'record'>;
  trustProxy: ProxyTrust;
  /** Origins a write is accepted from (the application's CSRF rule). */
  allowedOrigins: ReadonlySet<string>;
  /** The configured origin (SITE_URL): a request handed to the application is addressed to it, never to its Host. */
  siteUrl: string;
  /** The most the front holds (`FRONT_CACHE_MAX_BYTES` by default; tests use less). */
  maxBytes?: number;
}

/** Whether the request reached a proxy in front over HTTPS (which decides HSTS): the one way answers differ by it. */
const overHttps = (req: IncomingMessage): boolean =>
  isHttps(
    (req.socket as { encrypted?: boolean }).encrypted ? 'https:' : 'http:',
    req.headers['x-forwarded-proto'] as string | undefined,
  );

/** The held answer's key: the bytes differ by encoding, the security headers by HTTPS. */
const keyOf = (path: string, acceptEncoding: string | undefined, https: boolean): string =>
  `${cachedEncoding(acceptEncoding) ?? ''} ${https ? 's' : ''} ${path}`;

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
 *   a cheap 304 in the application) goes to the application. Held answers are bounded by bytes and by count, the
 *   oldest going first; those no longer current are dropped whenever one is held, and at most every few seconds
 *   while the front only replays. Only the usual spelling of a URL is held (`usualUrl`), and no answer larger than
 *   the answer cache keeps.
 * - **The views beacon** (`POST /api/views`): once the application has answered one (its 204's headers are
 *   captured the same way), a reader's beacon is checked as the application checks it (origin, size, DNT/GPC) and
 *   counted by the same views service. A beacon the service refuses (bad JSON, unknown slug, over the rate) is
 *   passed to the application with the bytes read, which answers it, so every refusal is the application's own.
 *
 * Anything with a session or a read-your-writes cookie always reaches the application.
 */
export class FrontCache {
  readonly #held = new Map<string, Held>();
  #heldBytes = 0;
  #nextSweep = 0;
  /** The application's 204 to a reader's beacon, over HTTP and over HTTPS (which decides HSTS). */
  readonly #beaconAnswer = new Map<boolean, OutgoingHttpHeaders>();
  readonly #deps: FrontDeps;
  /** The host of the configured origin, which a handed-off request is addressed to. */
  readonly #siteHost: string;
  readonly #maxBytes: number;

  constructor(deps: FrontDeps) {
    this.#deps = deps;
    this.#siteHost = new URL(deps.siteUrl).host;
    this.#maxBytes = deps.maxBytes ?? FRONT_CACHE_MAX_BYTES;
  }

  /** What the held answers cost, in bytes (each body counted in full), and how many there are. */
  get held(): { bytes: number; answers: number } {
    return { bytes: this.#heldBytes, answers: this.#held.size };
  }

  /** Answers in front if it can (true), else leaves the request to the application (false). */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    const cookie = req.headers.cookie;
    if (cookie && EDITOR_COOKIE.test(cookie)) return false;
    if (req.method === 'POST' && req.url === '/api/views') return this.#beacon(req, res);
    if (req.method !== 'GET' || !req.url || req.headers['if-none-match'] !== undefined) return false;
    const now = Date.now();
    if (now >= this.#nextSweep) this.#sweep(now);
    const key = keyOf(req.url, req.headers['accept-encoding'], overHttps(req));
    const held = this.#held.get(key);
    if (!held) return false;
    if (!isCurrent(held.answer)) {
      this.#drop(key, held);
      return false;
    }
    res.writeHead(200, held.headers);
    res.end(held.body);
    return true;
  }

  /** A reader's beacon: counted here, or handed to the application (see the class comment). */
  #beacon(req: IncomingMessage, res: ServerResponse): boolean {
    const answer = this.#beaconAnswer.get(overHttps(req));
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
      const bytes = Buffer.concat(chunks);
      try {
        this.#deps.views.record(parseJsonBody(bytes.toString('utf8')), {
          client: clientAddress(
            req.socket.remoteAddress,
            req.headers['x-forwarded-for'] as string | undefined,
            this.#deps.trustProxy,
          ),
          userAgent: req.headers['user-agent'],
          optOut: false,
        });
      } catch {
        void this.#toApplication(req, res, bytes);
        return;
      }
      send();
    });
    return true;
  }

  /**
   * A request whose body the front has read (these bytes, as they came), answered by the application as if it had
   * come straight there. It is addressed to the configured origin's host and the path the front routed it by: the
   * client's Host is not a route (a Host of `host/api/messages?` would otherwise turn a beacon into a message), nor
   * a URL that may fail to parse. The scheme is the connection's, as the node server gives the application.
   */
  async #toApplication(req: IncomingMessage, res: ServerResponse, body: Uint8Array<ArrayBuffer>): Promise<void> {
    try {
      const headers = new Headers();
      for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
      headers.set('Host', this.#siteHost);
      const scheme = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
      const request = new Request(`${scheme}://${this.#siteHost}/api/views`, { method: req.method, headers, body });
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
    let headerBytes = 0;
    for (const [name, value] of c.res.headers) {
      headers[name] = value;
      headerBytes += name.length + value.length;
    }
    if (headers['set-cookie'] !== undefined) return;
    const https = isHttps(c.req.url, c.req.header('X-Forwarded-Proto'));
    if (beacon) {
      this.#beaconAnswer.set(https, headers);
      return;
    }
    if (!offer || headers['cache-control'] !== 'public, no-cache') return;
    // The answer cache keeps no larger answer either (and retires the ones it does not keep).
    if (offer.body.byteLength > ANSWER_MAX_BYTES) return;
    headers['content-length'] = offer.body.length;
    const url = new URL(c.req.url);
    const key = keyOf(url.pathname + url.search, c.req.header('Accept-Encoding'), https);
    const bytes = ENTRY_OVERHEAD_BYTES + key.length + headerBytes + offer.body.byteLength;
    this.#hold(key, { answer: offer.answer, headers, body: offer.body, bytes });
  }

  /** Holds an answer as the newest, then drops what is no longer current and, oldest first, what exceeds the bounds. */
  #hold(key: string, held: Held): void {
    const old = this.#held.get(key);
    if (old) this.#drop(key, old);
    this.#held.set(key, held);
    this.#heldBytes += held.bytes;
    this.#sweep(Date.now());
    for (const [oldest, entry] of this.#held) {
      if (this.#heldBytes <= this.#maxBytes && this.#held.size <= MAX_ENTRIES) break;
      this.#drop(oldest, entry);
    }
  }

  /** Drops the answers no longer current (retired by a change, or expired). */
  #sweep(now: number): void {
    this.#nextSweep = now + SWEEP_EVERY_MS;
    for (const [key, held] of this.#held) if (!isCurrent(held.answer)) this.#drop(key, held);
  }

  #drop(key: string, held: Held): void {
    this.#held.delete(key);
    this.#heldBytes -= held.bytes;
  }

  /** A node request listener: the cache first, then the application's listener. */
  listener(app: (req: IncomingMessage, res: ServerResponse) => unknown) {
    return (req: IncomingMessage, res: ServerResponse) => {
      if (!this.serve(req, res)) void app(req, res);
    };
  }
}

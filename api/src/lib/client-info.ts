import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * The client's address. Without trusted proxies it is the socket's peer. With `hops` trusted proxies in front
 * (TRUST_PROXY=N), it is the address N entries from the right of `X-Forwarded-For` plus the peer, as Express's
 * `trust proxy = N` reads it: each trusted proxy appends the address it received from, so entries further left
 * were written by the client and cannot be believed.
 */
export function clientIp(c: Context, hops: number): string {
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    // app.request() in tests has no socket
  }
  return clientAddress(peer, c.req.header('X-Forwarded-For'), hops);
}

/** `clientIp` from the socket's peer address and the request's `X-Forwarded-For`, as they arrived. */
export function clientAddress(peer: string | undefined, forwardedFor: string | undefined, hops: number): string {
  if (hops <= 0) return peer ?? 'unknown';
  const forwarded = (forwardedFor ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const chain = [...forwarded, peer ?? 'unknown'];
  const address = chain[Math.max(0, chain.length - 1 - hops)]!;
  // Whatever a proxy passes on is bounded before it becomes a limiter key or a log line.
  return /^[0-9A-Fa-f:.]{2,45}$/.test(address) ? address : 'invalid';
}

/**
 * CSRF: whether a write may be taken from this client. Only the site's origin and ALLOWED_ORIGINS are accepted,
 * never whatever Host the request names. Browsers send Origin with every non-GET request; where a client sends none,
 * only a browser's own `Sec-Fetch-Site: same-origin` stands in for it.
 */
export function writeAllowed(
  origin: string | undefined,
  fetchSite: string | undefined,
  allowedOrigins: ReadonlySet<string>,
): boolean {
  return origin === undefined ? fetchSite === 'same-origin' : allowedOrigins.has(origin);
}

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrom(e|ium)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/curl\//, 'curl'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome on Linux": enough to recognise a session in the list, nothing more is kept of the User-Agent. */
export function deviceLabel(userAgent: string | undefined): string {
  const ua = (userAgent ?? '').slice(0, 500);
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}

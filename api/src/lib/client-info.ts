import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { clientAddress, type ProxyTrust } from './proxy-trust.ts';

/**
 * The client's address: the socket's peer, or, when the peer is a trusted proxy (TRUST_PROXY), the address its
 * X-Forwarded-For names as the rule in proxy-trust.ts reads it.
 */
export function clientIp(c: Context, trust: ProxyTrust): string {
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    // app.request() in tests has no socket
  }
  return clientAddress(peer, c.req.header('X-Forwarded-For'), trust);
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

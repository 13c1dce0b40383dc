/**
 * The security headers of every answer, in one place. The Node server sends them (app.ts for every answer,
 * site-files.ts the site's and the admin's policies); netlify.toml carries the same values for the production CDN, and
 * security-headers.test.ts compares the two so they cannot drift.
 *
 * Scripts: no 'unsafe-inline'. Our own page scripts are files (site/scripts/); what Astro itself writes inline
 * into a page with islands (the <astro-island> element and its client:* loaders) is allowed by SHA-256 hash,
 * computed here from the very strings Astro inlines (its prebuilt runtime, the version installed), so an
 * Astro upgrade changes the hashes with it. e2e/security-csp.spec.ts checks every rendered page against them.
 */
import { createHash } from 'node:crypto';
import idle from 'astro/runtime/client/idle.prebuilt.js';
import load from 'astro/runtime/client/load.prebuilt.js';
import media from 'astro/runtime/client/media.prebuilt.js';
import only from 'astro/runtime/client/only.prebuilt.js';
import visible from 'astro/runtime/client/visible.prebuilt.js';
import astroIsland from 'astro/runtime/server/astro-island.prebuilt.js';
import { SITE_DIRECTIVE_SCRIPTS } from './site-inline-scripts.ts';

/** A CSP source expression allowing the inline script (or style) whose text is `text`. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The inline scripts Astro puts in a page with islands: its custom element, the built-in client:* loaders and the
 * site's own directives (client:interaction, generated from site/directives/ by scripts/site-inline-scripts.ts).
 */
export const ASTRO_INLINE_SCRIPT_HASHES: readonly string[] = [
  astroIsland,
  idle,
  load,
  media,
  only,
  visible,
  ...Object.values(SITE_DIRECTIVE_SCRIPTS),
].map(cspHash);

const COMMON_DIRECTIVES = [
  "img-src 'self' https: data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

/** The public site: also sent on its files (an SVG opened directly is a document too). */
export const CSP_SITE = [
  "default-src 'self'",
  // 'wasm-unsafe-eval' lets pagefind compile its WebAssembly; it allows no JavaScript eval.
  `script-src 'self' 'wasm-unsafe-eval' ${ASTRO_INLINE_SCRIPT_HASHES.join(' ')}`,
  // Stylesheets are files (Tailwind, and astro.config.mjs never inlines one); no <style> element is allowed.
  "style-src 'self'",
  // Style attributes stay allowed: category colours and hero art come from data as style="" written by the
  // .astro components and by the React islands' server render. An attribute can set only CSS, never run script.
  "style-src-attr 'unsafe-inline'",
  ...COMMON_DIRECTIVES,
].join('; ');

/** The admin SPA: one module bundle from Vite, no inline script. */
export const CSP_ADMIN = [
  "default-src 'self'",
  "script-src 'self'",
  // Radix (select viewport, scroll lock) inserts <style> elements at run time, with computed contents.
  "style-src 'self' 'unsafe-inline'",
  ...COMMON_DIRECTIVES,
].join('; ');

/** HSTS: two years, subdomains too. Only meaningful (and only sent) over HTTPS. */
export const HSTS = 'max-age=63072000; includeSubDomains';

/** Sent with every answer of this server, API and files alike; the API and the admin replace the CSP with their own. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': CSP_SITE,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // frame-ancestors 'none' says the same to current browsers; this is for those that predate it.
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), browsing-topics=()',
});

const SECURITY_HEADERS_HTTPS: Readonly<Record<string, string>> = Object.freeze({
  ...SECURITY_HEADERS,
  'Strict-Transport-Security': HSTS,
});

/**
 * Whether the request reached us over HTTPS: its own URL, or the `X-Forwarded-Proto` of the proxy in front.
 * The forwarded value is trusted as is: a client that fakes it over plain HTTP only gets an HSTS header,
 * which browsers ignore on an insecure connection.
 */
export function isHttps(url: string, forwardedProto: string | undefined): boolean {
  if (url.startsWith('https:')) return true;
  // A chain of proxies lists one protocol each; the first is the client's.
  return forwardedProto?.split(',')[0]?.trim().toLowerCase() === 'https';
}

/** The security headers for an answer to this request (the same two frozen objects, so no work per request). */
export function securityHeaders(url: string, forwardedProto: string | undefined): Readonly<Record<string, string>> {
  return isHttps(url, forwardedProto) ? SECURITY_HEADERS_HTTPS : SECURITY_HEADERS;
}

/**
 * Compression of the application's answers, for clients that accept it.
 *
 * Hono's compress middleware pipes every body of unknown length through a CompressionStream, and the bodies the
 * routes make whole (`c.json`, `c.text`) have no Content-Length: an 11-byte `{"ok":true}` was gzipped in chunks,
 * which took it off node-server's fast path and cut a small answer's rate about six times (19,268 → 3,294 req/s,
 * `wrk -c10 -H 'Accept-Encoding: gzip' /api/health`). Here such a body is read at once (it is already in memory),
 * sent as it is below 1 KB, and otherwise gzipped on libuv's thread pool and sent whole with its length. Bodies of
 * known length (files) and streams are left to Hono's middleware; answers the application encoded itself (the
 * cached public lists, precompressed files) are left alone.
 */
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import { negotiateEncoding } from './accept-encoding.ts';

/** Below this many bytes an answer is sent as it is (Hono's threshold): gzip would save less than it costs. */
export const COMPRESS_THRESHOLD = 1024;
/** A first look, not the choice: a header that names neither coding cannot accept one (unless by `*`). */
const MAY_ACCEPT_COMPRESSION = /\b(gzip|deflate)\b|\*/;
const WHOLE_CODINGS = ['gzip'] as const;
const STREAMED_CODINGS = ['gzip', 'deflate'] as const;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const gzipAsync = promisify(gzip);

export function compressAnswers(): MiddlewareHandler {
  // Hono's middleware, told which coding our negotiation chose (it adds Vary even when it compresses nothing).
  const streamed = { gzip: compress({ encoding: 'gzip' }), deflate: compress({ encoding: 'deflate' }) };
  const done = () => Promise.resolve();
  return async (c, next) => {
    const accepts = c.req.header('Accept-Encoding') ?? '';
    // Clients that do not ask (load balancers' probes, curl) are not even entered: reading the finished answer's
    // headers is itself a cost.
    if (!MAY_ACCEPT_COMPRESSION.test(accepts)) return next();
    await next();
    const res = c.res;
    const type = res.headers.get('Content-Type') ?? '';
    const whole =
      ![204, 206, 304].includes(res.status) &&
      c.req.method !== 'HEAD' &&
      !res.headers.has('Content-Length') &&
      !res.headers.has('Content-Encoding') &&
      !res.headers.has('Transfer-Encoding') &&
      COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) &&
      !type.startsWith('text/event-stream');
    if (!whole) {
      // Hono's middleware, run on the finished answer, compresses files (a known length) in the coding chosen here.
      const coding = negotiateEncoding(accepts, STREAMED_CODINGS);
      if (coding) return streamed[coding](c, done);
      // None accepted: sent as it is, but what another client gets differs.
      if (COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) && !res.headers.has('Content-Encoding')) addVary(res.headers);
      return;
    }
    const body = new Uint8Array(await res.arrayBuffer());
    // Read after the body: node-server's lightweight Response hands its headers to the full Response it builds to
    // read a body, and a Headers object taken before that would no longer be the answer's.
    const headers = new Headers(res.headers);
    if (body.byteLength < COMPRESS_THRESHOLD) return replace(c, body, res.status, headers);
    addVary(headers);
    if (!negotiateEncoding(accepts, WHOLE_CODINGS) || NO_TRANSFORM.test(headers.get('Cache-Control') ?? ''))
      return replace(c, body, res.status, headers);
    headers.set('Content-Encoding', 'gzip');
    const etag = headers.get('ETag');
    if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    replace(c, await gzipAsync(body), res.status, headers);
  };
}

/** The answer with this whole body and its length. */
function replace(c: Context, body: Uint8Array<ArrayBuffer>, status: number, headers: Headers): void {
  headers.set('Content-Length', String(body.byteLength));
  // Hono's setter would copy the old answer's headers onto a new Response made from its body (a stream, off
  // node-server's fast path for a whole body): `headers` are already the old answer's, so it is dropped first.
  c.res = undefined;
  c.res = new Response(body, { status, headers });
}

function addVary(headers: Headers): void {
  const vary = headers.get('Vary');
  if (vary === '*' || (vary && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))) return;
  headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

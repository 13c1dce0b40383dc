/**
 * For the media tests: a verifier of AWS Signature Version 4 on header-signed S3 requests, written from AWS's
 * description ("Signature Calculations for the Authorization Header: Transferring Payload in a Single Chunk",
 * docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html) and deliberately not built on aws4fetch,
 * so a mistake in the signer cannot cancel out in the check. s3rver, the S3-protocol server the tests use, does not
 * verify these signatures itself. Only what the tests need: no query-string signing, no chunked (STREAMING-*)
 * payloads, no `Date` header in place of `x-amz-date`.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** A request as it reached the server: `path` and `query` exactly as sent (already URI-encoded, no `?`). */
export interface SignedRequest {
  method: string;
  path: string;
  query: string;
  headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  body: Uint8Array;
}

export type SigV4Refusal =
  | 'AccessDenied'
  | 'InvalidAccessKeyId'
  | 'RequestTimeTooSkewed'
  | 'SignatureDoesNotMatch'
  | 'XAmzContentSHA256Mismatch';

export type SigV4Verdict = { ok: true } | { ok: false; code: SigV4Refusal; message: string };

const ALGORITHM = 'AWS4-HMAC-SHA256';
const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
/** S3 refuses a request signed more than 15 minutes away from its own clock. */
const MAX_SKEW_MS = 15 * 60 * 1000;

const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Uint8Array | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
const refuse = (code: SigV4Refusal, message: string): SigV4Verdict => ({ ok: false, code, message });

interface Authorization {
  accessKeyId: string;
  date: string;
  region: string;
  service: string;
  signedHeaders: string[];
  signature: string;
}

/**
 * The parts of `AWS4-HMAC-SHA256 Credential=KEY/DATE/REGION/SERVICE/aws4_request, SignedHeaders=a;b,
 * Signature=hex`, or null when the header does not have that shape.
 */
function parseAuthorization(header: string): Authorization | null {
  const space = header.indexOf(' ');
  if (space < 0 || header.slice(0, space) !== ALGORITHM) return null;
  const fields = new Map<string, string>();
  for (const part of header.slice(space + 1).split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) return null;
    fields.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  const scope = (fields.get('Credential') ?? '').split('/');
  const signedHeaders = (fields.get('SignedHeaders') ?? '').split(';');
  const signature = fields.get('Signature') ?? '';
  if (scope.length !== 5 || scope[4] !== 'aws4_request' || scope.some((s) => s === '')) return null;
  if (signedHeaders.some((h) => h === '' || h !== h.toLowerCase())) return null;
  if (!/^[0-9a-f]{64}$/.test(signature)) return null;
  const [accessKeyId, date, region, service] = scope as [string, string, string, string];
  return { accessKeyId, date, region, service, signedHeaders, signature };
}

/** Header names lower-cased; a header sent several times becomes its values joined by commas, as AWS specifies. */
function lowerCaseHeaders(headers: SignedRequest['headers']): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out.set(name.toLowerCase(), typeof value === 'string' ? value : value.join(','));
  }
  return out;
}

/** AWS's URI encoding: every byte but the unreserved characters A-Z a-z 0-9 - _ . ~ as %XY, upper-case hex. */
function uriEncode(value: string): string {
  return Array.from(Buffer.from(value, 'utf8'), (byte) => {
    const char = String.fromCharCode(byte);
    return /[A-Za-z0-9\-_.~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }).join('');
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** The query's parameters decoded, each name and value URI-encoded again, sorted by name then value, joined by &. */
export function canonicalQuery(query: string): string {
  if (query === '') return '';
  const pairs = query.split('&').map((param) => {
    const eq = param.indexOf('=');
    const [name, value] = eq < 0 ? [param, ''] : [param.slice(0, eq), param.slice(eq + 1)];
    return [uriEncode(decode(name)), uriEncode(decode(value))] as const;
  });
  // Plain code-unit order, which for these ASCII-only strings is AWS's byte order.
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  pairs.sort(([n1, v1], [n2, v2]) => order(n1, n2) || order(v1, v2));
  return pairs.map(([name, value]) => `${name}=${value}`).join('&');
}

/**
 * The canonical request AWS hashes: method, URI, query, the signed headers (trimmed, inner runs of spaces made one),
 * their names, and the payload hash. For S3 the path is taken as sent, not encoded a second time.
 */
export function canonicalRequest(
  request: Pick<SignedRequest, 'method' | 'path' | 'query'>,
  headers: ReadonlyMap<string, string>,
  signedHeaders: readonly string[],
  payloadHash: string,
): string {
  const lines = signedHeaders.map((name) => `${name}:${(headers.get(name) ?? '').trim().replace(/\s+/g, ' ')}\n`);
  return [
    request.method.toUpperCase(),
    request.path === '' ? '/' : request.path,
    canonicalQuery(request.query),
    lines.join(''),
    signedHeaders.join(';'),
    payloadHash,
  ].join('\n');
}

/** The string to sign: the algorithm, the request time, the credential scope, and the canonical request's hash. */
function stringToSign(amzDate: string, scope: string, canonical: string): string {
  return [ALGORITHM, amzDate, scope, sha256Hex(canonical)].join('\n');
}

/** The signing key: HMAC-SHA256 chained over the date, the region, the service and "aws4_request". */
function signingKey(secret: string, date: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
}

/** Milliseconds since the epoch of an `x-amz-date` (ISO 8601 basic, `20130524T000000Z`), or null if malformed. */
function parseAmzDate(value: string): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  const time = Date.UTC(y, mo - 1, d, h, mi, s);
  return Number.isNaN(time) ? null : time;
}

/** What must hold before any signature is computed; a refusal, or null when the request may be checked further. */
function checkShape(
  auth: Authorization,
  headers: ReadonlyMap<string, string>,
  body: Uint8Array,
  now: Date,
): SigV4Verdict | null {
  const signed = new Set(auth.signedHeaders);
  // S3 wants the host and every x-amz-* header signed, or anyone on the way could change them.
  const unsigned = [...headers.keys()].filter((n) => (n === 'host' || n.startsWith('x-amz-')) && !signed.has(n));
  if (unsigned.length > 0) return refuse('AccessDenied', `headers present but not signed: ${unsigned.join(', ')}`);
  const missing = auth.signedHeaders.filter((n) => !headers.has(n));
  if (missing.length > 0) return refuse('AccessDenied', `signed headers missing: ${missing.join(', ')}`);
  const amzDate = headers.get('x-amz-date') ?? '';
  const time = parseAmzDate(amzDate);
  if (time === null || amzDate.slice(0, 8) !== auth.date)
    return refuse('AccessDenied', 'x-amz-date is missing, malformed, or not the date of the credential scope');
  if (Math.abs(now.getTime() - time) > MAX_SKEW_MS)
    return refuse('RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.');
  const payloadHash = headers.get('x-amz-content-sha256');
  if (payloadHash === undefined) return refuse('AccessDenied', 'x-amz-content-sha256 is missing');
  if (payloadHash !== UNSIGNED_PAYLOAD) {
    if (!/^[0-9a-f]{64}$/.test(payloadHash))
      return refuse('AccessDenied', 'x-amz-content-sha256 is neither a SHA-256 nor UNSIGNED-PAYLOAD');
    if (payloadHash !== sha256Hex(body))
      return refuse(
        'XAmzContentSHA256Mismatch',
        "The provided 'x-amz-content-sha256' header does not match what was computed.",
      );
  }
  return null;
}

/**
 * Whether `request` carries a valid header-based Signature Version 4 from one of `secrets` (access key id →
 * secret), as S3 would judge it at `now`.
 */
export function verifySigV4(
  request: SignedRequest,
  secrets: Readonly<Record<string, string>>,
  now: Date = new Date(),
): SigV4Verdict {
  const headers = lowerCaseHeaders(request.headers);
  const header = headers.get('authorization');
  if (header === undefined) return refuse('AccessDenied', 'no Authorization header');
  const auth = parseAuthorization(header);
  if (!auth)
    return refuse(
      'AccessDenied',
      `the Authorization header is not ${ALGORITHM} with Credential, SignedHeaders, Signature`,
    );
  const secret = Object.hasOwn(secrets, auth.accessKeyId) ? secrets[auth.accessKeyId] : undefined;
  if (secret === undefined)
    return refuse('InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  const shape = checkShape(auth, headers, request.body, now);
  if (shape) return shape;

  const canonical = canonicalRequest(request, headers, auth.signedHeaders, headers.get('x-amz-content-sha256')!);
  const scope = [auth.date, auth.region, auth.service, 'aws4_request'].join('/');
  const toSign = stringToSign(headers.get('x-amz-date')!, scope, canonical);
  const expected = hmac(signingKey(secret, auth.date, auth.region, auth.service), toSign);
  // Both are 32 bytes: parseAuthorization accepted only 64 hex digits.
  if (!timingSafeEqual(expected, Buffer.from(auth.signature, 'hex')))
    return refuse(
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );
  return { ok: true };
}

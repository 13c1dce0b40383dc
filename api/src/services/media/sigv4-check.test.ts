/**
 * The Signature Version 4 verifier against AWS's published example "GET Object" (Signature Calculations for the
 * Authorization Header: Transferring Payload in a Single Chunk): the first ten bytes of test.txt in examplebucket.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalQuery, canonicalRequest, verifySigV4, type SignedRequest } from './sigv4-check.ts';

const ACCESS_KEY = 'AKIAIOSFODNN7EXAMPLE';
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const SIGNATURE = 'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41';
const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
/** The example's request time; the verifier refuses requests 15 minutes away from "now". */
const NOW = new Date(Date.UTC(2013, 4, 24, 0, 0, 0));

const authorization = (signature = SIGNATURE, accessKey = ACCESS_KEY) =>
  `AWS4-HMAC-SHA256 Credential=${accessKey}/20130524/us-east-1/s3/aws4_request,` +
  `SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=${signature}`;

const example = (headers: Record<string, string> = {}): SignedRequest => ({
  method: 'GET',
  path: '/test.txt',
  query: '',
  headers: {
    host: 'examplebucket.s3.amazonaws.com',
    authorization: authorization(),
    range: 'bytes=0-9',
    'x-amz-content-sha256': EMPTY_SHA256,
    'x-amz-date': '20130524T000000Z',
    ...headers,
  },
  body: new Uint8Array(0),
});

const SECRETS = { [ACCESS_KEY]: SECRET };

describe('the SigV4 verifier, on AWS’s GET Object example', () => {
  it('builds the example’s canonical request, whose hash AWS gives', () => {
    const { headers } = example();
    const canonical = canonicalRequest(
      example(),
      new Map(Object.entries(headers as Record<string, string>)),
      ['host', 'range', 'x-amz-content-sha256', 'x-amz-date'],
      EMPTY_SHA256,
    );
    expect(createHash('sha256').update(canonical).digest('hex')).toBe(
      '7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972',
    );
  });

  it('accepts the example as signed', () => {
    expect(verifySigV4(example(), SECRETS, NOW)).toEqual({ ok: true });
  });

  it('accepts the header names in any case, as HTTP allows', () => {
    const { headers } = example();
    const upper = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), v]));
    expect(verifySigV4({ ...example(), headers: upper }, SECRETS, NOW)).toEqual({ ok: true });
  });

  const flipped = `${SIGNATURE.slice(0, 10)}${SIGNATURE[10] === '0' ? '1' : '0'}${SIGNATURE.slice(11)}`;
  it.each([
    ['one character of the signature changed', example({ authorization: authorization(flipped) }), SECRETS],
    ['another secret', example(), { [ACCESS_KEY]: SECRET.replace('EXAMPLEKEY', 'EXAMPLEKEZ') }],
    ['a changed Range header', example({ range: 'bytes=0-10' }), SECRETS],
    ['another host', example({ host: 'otherbucket.s3.amazonaws.com' }), SECRETS],
    ['another path', { ...example(), path: '/test.txt2' }, SECRETS],
    ['another method', { ...example(), method: 'DELETE' }, SECRETS],
  ])('refuses it with %s: SignatureDoesNotMatch', (_change, request, secrets) => {
    expect(verifySigV4(request, secrets, NOW)).toMatchObject({ ok: false, code: 'SignatureDoesNotMatch' });
  });

  it('refuses an unknown access key: InvalidAccessKeyId', () => {
    const request = example({ authorization: authorization(SIGNATURE, 'AKIAIOSFODNN7EXAMPLF') });
    expect(verifySigV4(request, SECRETS, NOW)).toMatchObject({ ok: false, code: 'InvalidAccessKeyId' });
  });

  it('refuses a body that is not the one whose hash was signed: XAmzContentSHA256Mismatch', () => {
    const request = { ...example(), body: new TextEncoder().encode('x') };
    expect(verifySigV4(request, SECRETS, NOW)).toMatchObject({ ok: false, code: 'XAmzContentSHA256Mismatch' });
  });

  it('refuses the example more than 15 minutes after it was signed: RequestTimeTooSkewed', () => {
    const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
    expect(verifySigV4(example(), SECRETS, at(15))).toEqual({ ok: true });
    expect(verifySigV4(example(), SECRETS, at(16))).toMatchObject({ code: 'RequestTimeTooSkewed' });
    expect(verifySigV4(example(), SECRETS, at(-16))).toMatchObject({ code: 'RequestTimeTooSkewed' });
  });

  it.each([
    ['an empty Authorization header', example({ authorization: '' })],
    ['another algorithm', example({ authorization: authorization().replace('HMAC-SHA256', 'HMAC-SHA1') })],
    ['an x-amz-* header that is not signed', example({ 'x-amz-acl': 'public-read' })],
  ])('refuses %s: AccessDenied', (_case, request) => {
    expect(verifySigV4(request, SECRETS, NOW)).toMatchObject({ ok: false, code: 'AccessDenied' });
  });
});

describe('the canonical query string', () => {
  it.each([
    ['', ''],
    ['versioning', 'versioning='],
    ['prefix=a%20b&max-keys=2&acl', 'acl=&max-keys=2&prefix=a%20b'],
    ['list-type=2&prefix=J%C3%B6rg%2A', 'list-type=2&prefix=J%C3%B6rg%2A'],
    ['b=2&a=2&a=1', 'a=1&a=2&b=2'],
  ])('of %j is %j', (query, canonical) => {
    expect(canonicalQuery(query)).toBe(canonical);
  });
});

import { request as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, inflateSync } from 'node:zlib';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD, compressAnswers } from './compress.ts';

const large = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Post number ${i}` })) };
const largeText = JSON.stringify(large);

function app() {
  const a = new Hono();
  a.use('*', compressAnswers());
  a.get('/small', (c) => c.json({ ok: true }));
  a.get('/large', (c) => {
    setCookie(c, 'session', 'abc', { httpOnly: true });
    c.header('ETag', '"v1"');
    return c.json(large);
  });
  a.get('/encoded', (c) =>
    c.body(new Uint8Array([1, 2, 3]), 200, { 'Content-Encoding': 'br', 'Content-Type': 'application/json' }),
  );
  a.get('/file', (c) =>
    c.body(largeText, 200, { 'Content-Type': 'text/css', 'Content-Length': String(largeText.length) }),
  );
  a.get('/empty', (c) => c.body(null, 204));
  a.get('/no-transform', (c) => {
    c.header('Cache-Control', 'no-transform');
    return c.json(large);
  });
  return a;
}
const GZIP = { 'Accept-Encoding': 'gzip, deflate, br' };

describe('compressAnswers', () => {
  it('sends a small whole answer as it is, with its length', async () => {
    const res = await app().request('/small', { headers: GZIP });
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(res.headers.get('Content-Length')).toBe(String('{"ok":true}'.length));
    expect(await res.json()).toEqual({ ok: true });
  });

  it('gzips a whole answer of 1 KB or more and sends it whole with its length, cookies and a weak ETag', async () => {
    expect(largeText.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    const res = await app().request('/large', { headers: GZIP });
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    expect(res.headers.get('Vary')).toMatch(/Accept-Encoding/);
    expect(res.headers.get('ETag')).toBe('W/"v1"');
    expect(res.headers.get('Set-Cookie')).toMatch(/^session=abc/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get('Content-Length')).toBe(String(bytes.length));
    expect(gunzipSync(bytes).toString()).toBe(largeText);
  });

  it('leaves answers alone for a client that does not ask, and answers the application encoded itself', async () => {
    const plain = await app().request('/large');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe(largeText);
    const encoded = await app().request('/encoded', { headers: GZIP });
    expect(encoded.headers.get('Content-Encoding')).toBe('br');
    expect([...new Uint8Array(await encoded.arrayBuffer())]).toEqual([1, 2, 3]);
    const empty = await app().request('/empty', { headers: GZIP });
    expect(empty.status).toBe(204);
    const kept = await app().request('/no-transform', { headers: GZIP });
    expect(kept.headers.get('Content-Encoding')).toBeNull();
    expect(await kept.text()).toBe(largeText);
  });

  it.each([
    ['gzip;q=0, identity', '/large', null],
    ['gzip;q=0, deflate', '/large', null],
    ['br, gzip;q=0.5', '/large', 'gzip'],
    ['*;q=0', '/large', null],
    ['gzip;q=0, deflate', '/file', 'deflate'],
    ['gzip;q=0.5, deflate', '/file', 'deflate'],
    ['gzip;q=0, deflate;q=0', '/file', null],
  ])('honours q-values (%s): %s is sent as %s', async (acceptEncoding, path, encoding) => {
    const res = await app().request(path, { headers: { 'Accept-Encoding': acceptEncoding } });
    expect(res.headers.get('Content-Encoding')).toBe(encoding);
    expect(res.headers.get('Vary')).toMatch(/Accept-Encoding/);
    const bytes = Buffer.from(await res.arrayBuffer());
    const text = encoding === 'gzip' ? gunzipSync(bytes) : encoding === 'deflate' ? inflateSync(bytes) : bytes;
    expect(text.toString()).toBe(largeText);
  });

  it('still streams the compression of a body of known length (a file)', async () => {
    const res = await app().request('/file', { headers: GZIP });
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    expect(res.headers.get('Content-Length')).toBeNull();
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(largeText);
  });
});

describe('compressAnswers behind node-server (its lightweight Response)', () => {
  async function listening(): Promise<{ url: string; server: ServerType }> {
    const a = app();
    const server: ServerType = await new Promise((resolve) => {
      const s = serve({ fetch: (req) => a.fetch(req), port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
  }
  function raw(url: string): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
    return new Promise((resolve, reject) => {
      httpGet(url, { headers: GZIP }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });
  }

  it('sends the gzipped answer with its Content-Encoding, its length and its cookie, and a small one as it is', async () => {
    const { url, server } = await listening();
    try {
      const big = await raw(`${url}/large`);
      expect(big.headers['content-encoding']).toBe('gzip');
      expect(big.headers['content-length']).toBe(String(big.body.length));
      expect(big.headers['set-cookie']?.[0]).toMatch(/^session=abc/);
      expect(gunzipSync(big.body).toString()).toBe(largeText);
      const small = await raw(`${url}/small`);
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.body.toString()).toBe('{"ok":true}');
      // What the site renderer does: fetch decodes what the server says it encoded.
      expect(await (await fetch(`${url}/large`)).json()).toEqual(large);
    } finally {
      server.close();
    }
  });
});

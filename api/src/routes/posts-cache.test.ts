import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { postBody, testApp } from '../test-utils.ts';

let t: Awaited<ReturnType<typeof testApp>>;
afterEach(() => t.cleanup());

const LIST = '/api/posts?published=true&limit=20';

async function raw(path: string, headers: Record<string, string> = {}) {
  const res = await t.app.request(`http://127.0.0.1:4321${path}`, { headers });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe('cached public list answers', () => {
  it('carry a strong ETag and answer a matching conditional request with 304 and no body', async () => {
    t = await testApp();
    await t.login();
    await t.call('POST', '/api/posts', postBody({ title: 'First story', published: true }));
    const first = await raw(LIST);
    expect(first.res.status).toBe(200);
    const etag = first.res.headers.get('ETag')!;
    expect(etag).toMatch(/^"[\w-]+\.\d+"$/);
    expect(first.res.headers.get('Cache-Control')).toBe('public, no-cache');
    expect(first.res.headers.get('Vary')).toBe('Accept-Encoding, Cookie');

    const again = await raw(LIST, { 'If-None-Match': etag });
    expect(again.res.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    expect(again.res.headers.get('ETag')).toBe(etag);
    // A tag for another encoding of the same answer counts too; an unrelated one does not.
    expect((await raw(LIST, { 'If-None-Match': etag.replace(/"$/, '-br"') })).res.status).toBe(304);
    expect((await raw(LIST, { 'If-None-Match': '"something-else"' })).res.status).toBe(200);
  });

  it('a publish changes the ETag of every list it affects, and only those', async () => {
    t = await testApp();
    await t.login();
    await t.call('POST', '/api/posts', postBody({ title: 'Energy one', category: 'Energy Future', published: true }));
    await t.call('POST', '/api/posts', postBody({ title: 'Cities one', category: 'Future Cities', published: true }));
    const lists = [
      LIST,
      `${LIST}&category=Energy%20Future`,
      `${LIST}&category=Future%20Cities`,
      `${LIST}&search=energy`,
    ];
    const before = await Promise.all(lists.map(async (l) => (await raw(l)).res.headers.get('ETag')));
    await t.call('POST', '/api/posts', postBody({ title: 'Energy two', category: 'Energy Future', published: true }));
    const after = await Promise.all(lists.map(async (l) => (await raw(l)).res.headers.get('ETag')));
    expect(after[0]).not.toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[2]).toBe(before[2]); // another category: the same answer, the same tag
    expect(after[3]).not.toBe(before[3]);
    // A draft changes no public list.
    await t.call('POST', '/api/posts', postBody({ title: 'Energy draft', category: 'Energy Future' }));
    expect((await raw(lists[1]!)).res.headers.get('ETag')).toBe(after[1]);
  });

  it('sends brotli or gzip made once, the same answer as the identity bytes', async () => {
    t = await testApp();
    await t.login();
    await t.call('POST', '/api/posts', postBody({ title: 'Compressed story', published: true }));
    const plain = await raw(LIST);
    const br = await raw(LIST, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.res.headers.get('Content-Encoding')).toBe('br');
    expect(Buffer.from(brotliDecompressSync(br.bytes))).toEqual(Buffer.from(plain.bytes));
    expect(br.res.headers.get('ETag')).toBe(plain.res.headers.get('ETag')!.replace(/"$/, '-br"'));
    const gz = await raw(LIST, { 'Accept-Encoding': 'gzip' });
    expect(gz.res.headers.get('Content-Encoding')).toBe('gzip');
    expect(Buffer.from(gunzipSync(gz.bytes))).toEqual(Buffer.from(plain.bytes));
  });

  it.each([
    ['br;q=0, gzip;q=0, identity', null],
    ['br;q=0, gzip', 'gzip'],
    ['gzip, br;q=0.5', 'gzip'],
    ['br;q=0.5, identity', null],
    ['*', 'br'],
  ])('honours the q-values of Accept-Encoding: %s gets %s', async (acceptEncoding, encoding) => {
    t = await testApp();
    await t.login();
    await t.call('POST', '/api/posts', postBody({ title: 'Negotiated story', published: true }));
    const plain = await raw(LIST);
    const sent = await raw(LIST, { 'Accept-Encoding': acceptEncoding });
    expect(sent.res.headers.get('Content-Encoding')).toBe(encoding);
    const tag = plain.res.headers.get('ETag')!;
    expect(sent.res.headers.get('ETag')).toBe(encoding ? tag.replace(/"$/, `-${encoding}"`) : tag);
    const decoded =
      encoding === 'br' ? brotliDecompressSync(sent.bytes) : encoding === 'gzip' ? gunzipSync(sent.bytes) : sent.bytes;
    expect(Buffer.from(decoded)).toEqual(Buffer.from(plain.bytes));
  });

  it('what a session sees is private and never stored', async () => {
    t = await testApp();
    await t.login();
    const res = await t.call('GET', '/api/posts?limit=20');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
  });
});

describe('cached public articles', () => {
  it('are tagged, answer 304, change with an edit and disappear at once when unpublished', async () => {
    t = await testApp();
    await t.login();
    const post = (await t.call('POST', '/api/posts', postBody({ title: 'Cached article', published: true }))).json as {
      id: number;
      slug: string;
    };
    const path = `/api/posts/slug/${post.slug}`;
    const first = await raw(path);
    expect(first.res.status).toBe(200);
    expect(JSON.parse(new TextDecoder().decode(first.bytes)).title).toBe('Cached article');
    const etag = first.res.headers.get('ETag')!;
    expect(first.res.headers.get('Cache-Control')).toBe('public, no-cache');
    expect((await raw(path, { 'If-None-Match': etag })).res.status).toBe(304);

    await t.call('PUT', `/api/posts/${post.id}`, { excerpt: 'An edited excerpt that readers see at once.' });
    const edited = await raw(path, { 'If-None-Match': etag });
    expect(edited.res.status).toBe(200);
    expect(JSON.parse(new TextDecoder().decode(edited.bytes)).excerpt).toBe(
      'An edited excerpt that readers see at once.',
    );

    await t.call('PUT', `/api/posts/${post.id}`, { published: false });
    expect((await raw(path)).res.status).toBe(404);
    // The editor still sees the draft, never from the anonymous cache.
    const own = await t.call('GET', path);
    expect(own.status).toBe(200);
    expect(own.headers.get('Cache-Control')).toBe('no-store');
  });
});

import { once } from 'node:events';
import {
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formStampPlaceholder, MIN_FILL_MS, type MessageType } from 'content-schema/messages';
import { CSP_ADMIN, CSP_SITE } from './security-headers.ts';
import { CONTACT_MESSAGE, ORIGIN, postBody, testApp } from './test-utils.ts';

type TestApp = Awaited<ReturnType<typeof testApp>>;

/** Writes files (path → content) under a folder. */
function writeTree(root: string, files: Record<string, string | Uint8Array>) {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

const HOME = '<!doctype html><title>Home</title>';
const NOT_FOUND = '<!doctype html><title>Not found</title>';
const SCRIPT = `export const island = ${JSON.stringify('x'.repeat(2000))};`;
const SIBLINGS = { br: brotliCompressSync(SCRIPT), gzip: gzipSync(SCRIPT) };
const ADMIN_INDEX = '<!doctype html><div id="root"></div>';
/** A reader form's page as the renderer writes it: the placeholder in the hidden field and in the island's props. */
const formPage = (type: MessageType) =>
  `<!doctype html><title>${type}</title><astro-island props="{&quot;stamp&quot;:[0,&quot;${formStampPlaceholder(type)}&quot;]}">` +
  `<form method="post" action="/api/messages"><input type="hidden" name="stamp" value="${formStampPlaceholder(type)}"/></form></astro-island>`;
/** The stamps a served page carries, where the renderer wrote its placeholders. */
const stampsIn = (html: string) => [
  ...Array.from(html.matchAll(/value="([^"]*)"/g), (m) => m[1]!),
  ...Array.from(html.matchAll(/&quot;stamp&quot;:\[0,&quot;(.*?)&quot;\]/g), (m) => m[1]!),
];

describe('the file server', () => {
  let t: TestApp;
  let admin: string;
  let outside: string;
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    t.app.request(`${ORIGIN}${path}`, { method, headers });

  beforeAll(async () => {
    admin = mkdtempSync(join(tmpdir(), 'admin-dist-'));
    writeTree(admin, { 'index.html': ADMIN_INDEX, 'assets/index-abc.js': 'export {};' });
    // A secret beside the site's folder, which no path may reach.
    outside = mkdtempSync(join(tmpdir(), 'outside-'));
    writeFileSync(join(outside, 'secret.txt'), 'secret');
    t = await testApp({ env: { ADMIN_DIST: admin } });
    writeTree(join(t.dir, 'site', 'trees', 'one'), {
      'index.html': HOME,
      '404.html': NOT_FOUND,
      'post/a-post.html': '<!doctype html><title>A post</title>',
      'analysis.html': '<!doctype html><title>Analysis</title>',
      'about.html': '<!doctype html><title>About</title>',
      'guides/index.html': '<!doctype html><title>Guides</title>',
      '_astro/island.abc123.js': SCRIPT,
      '_astro/island.abc123.js.br': SIBLINGS.br,
      '_astro/island.abc123.js.gz': SIBLINGS.gzip,
      'pagefind/manifest.json': '{"bundles":[]}',
      'pagefind/b/en-abc/pagefind-entry.json': '{}',
      'og/a-post/0123abcd.png': 'png',
      'pagefind/state.json': '{"cursor":1}',
      'contact.html': formPage('contact'),
      'tip.html': formPage('tip'),
      'corrections.html': formPage('correction'),
    });
    symlinkSync(join(t.dir, 'site', 'trees', 'one'), join(t.dir, 'site', 'current'));
  });
  afterAll(async () => {
    await t.cleanup();
    rmSync(admin, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  it.each([
    ['/', 'Home'],
    ['/post/a-post', 'A post'],
    ['/guides', 'Guides'],
    ['/guides/', 'Guides'],
  ])('serves %s from the live folder (a page as {path}.html, a folder as its index.html)', async (path, title) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('Content-Security-Policy')).toBe(CSP_SITE);
    expect(await res.text()).toContain(`<title>${title}</title>`);
  });

  it.each([
    ['/', 'public, max-age=0, must-revalidate'],
    ['/pagefind/manifest.json', 'public, max-age=0, must-revalidate'],
    ['/_astro/island.abc123.js', 'public, max-age=31536000, immutable'],
    ['/pagefind/b/en-abc/pagefind-entry.json', 'public, max-age=31536000, immutable'],
    ['/og/a-post/0123abcd.png', 'public, max-age=31536000, immutable'],
    ['/admin', 'public, max-age=0, must-revalidate'],
    ['/admin/assets/index-abc.js', 'public, max-age=31536000, immutable'],
  ])('%s is cached as %s', async (path, cacheControl) => {
    expect((await get(path)).headers.get('Cache-Control')).toBe(cacheControl);
  });

  it('answers 304 to a client holding the current ETag, and 200 once the file changes within the same second', async () => {
    const file = join(t.dir, 'site', 'trees', 'one', 'post', 'changing.html');
    writeFileSync(file, '<!doctype html><title>One</title>');
    utimesSync(file, 1_800_000_000, 1_800_000_000.1);
    const first = await get('/post/changing');
    const etag = first.headers.get('ETag')!;
    expect(etag).toMatch(/^W\/"/);
    const again = await get('/post/changing', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('Cache-Control')).toBe('public, max-age=0, must-revalidate');
    expect(await again.text()).toBe('');

    // A republish of the same length, 200 ms later: the same Last-Modified second, a new ETag.
    writeFileSync(file, '<!doctype html><title>Two</title>');
    utimesSync(file, 1_800_000_000, 1_800_000_000.3);
    const changed = await get('/post/changing', { 'If-None-Match': etag });
    expect(changed.headers.get('Last-Modified')).toBe(first.headers.get('Last-Modified'));
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain('Two');
  });

  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate', 'gzip'],
  ] as const)('sends the precompressed sibling a client accepts (%s: %s)', async (accepts, encoding) => {
    const res = await get('/_astro/island.abc123.js', { 'Accept-Encoding': accepts });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Encoding')).toBe(encoding);
    expect(res.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('Vary')).toContain('Accept-Encoding');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    // app.request hands back the bytes as sent: the sibling's, not the plain file's.
    expect(Buffer.from(await res.arrayBuffer())).toEqual(SIBLINGS[encoding]);
  });

  it('sends the plain file to a client that accepts no encoding', async () => {
    const res = await get('/_astro/island.abc123.js');
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(await res.text()).toBe(SCRIPT);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await get('/post/a-post', {}, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Length')).toBe(String('<!doctype html><title>A post</title>'.length));
    expect(await res.text()).toBe('');
  });

  it.each([
    '/no/such/page',
    '/pagefind/state.json',
    '/..%2f..%2fetc%2fpasswd',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/post/%00',
    '//post/a-post',
  ])('%s is a real 404', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('secret');
  });

  it('answers an unknown path with the site 404 page, never a 304', async () => {
    const res = await get('/no/such/page');
    expect(res.status).toBe(404);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=0, must-revalidate');
    expect(res.headers.get('Content-Security-Policy')).toBe(CSP_SITE);
    expect(await res.text()).toBe(NOT_FOUND);
    const held = await get('/other/page', { 'If-None-Match': res.headers.get('ETag')! });
    expect(held.status).toBe(404);
  });

  it('never reaches a file outside the live folder', async () => {
    const up = relative(join(t.dir, 'site', 'trees', 'one'), outside).split('/'); // ['..', '..', '..', '..', 'outside-…']
    const paths = [
      `/${[...up, 'secret.txt'].join('%2F')}`,
      `/${[...up, 'secret.txt'].join('/').replaceAll('..', '%2e%2e')}`,
      `/${[...up, 'secret.txt'].join('%5C')}`,
      `/post/${[...up, 'secret.txt'].join('%2F')}`,
    ];
    for (const path of paths) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(await res.text()).toBe(NOT_FOUND);
    }
  });

  it('answers a file it finds but cannot open (one removed in between) as if it had never been there', async () => {
    // A socket is seen by stat but refuses open(), as a file removed between the two does.
    const tree = join(t.dir, 'site', 'trees', 'one');
    writeFileSync(join(tree, 'going.js'), SCRIPT);
    const socket = createServer().listen(join(tree, 'going.js.br'));
    await once(socket, 'listening');
    const res = await get('/going.js', { 'Accept-Encoding': 'br' });
    socket.close();
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(await res.text()).toBe(NOT_FOUND);
  });

  it.each([
    ['/posts/some-slug', '/post/some-slug'],
    ['/login', '/admin'],
    ['/create-post', '/admin/create'],
  ])('redirects the old address %s to %s', async (from, to) => {
    const res = await get(from);
    expect(res.status).toBe(301);
    expect(res.headers.get('Location')).toBe(to);
  });

  it.each([
    ['an article', '/post/a-post/', '/post/a-post'],
    ['a category page', '/analysis/', '/analysis'],
    ['a static page', '/about/', '/about'],
    [
      'an article, with its query string',
      '/post/a-post/?utm_source=chat&ref=a%20b',
      '/post/a-post?utm_source=chat&ref=a%20b',
    ],
    ['a page with several trailing slashes', '/about///', '/about'],
  ])('redirects %s linked with a trailing slash to its canonical address (%s → %s)', async (_what, from, to) => {
    for (const method of ['GET', 'HEAD']) {
      const res = await get(from, {}, method);
      expect(res.status).toBe(301);
      expect(res.headers.get('Location')).toBe(to);
    }
    const page = await get(to);
    expect(page.status).toBe(200);
  });

  it.each([
    ['/', 200, 'Home'],
    ['/admin/', 200, ADMIN_INDEX],
    ['/guides/', 200, 'Guides'],
  ])('%s keeps its answer (no redirect)', async (path, status, body) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    expect(res.headers.get('Location')).toBeNull();
    expect(await res.text()).toContain(body);
  });

  it.each(['/api/health/', '/api/posts/no-such/'])('%s keeps the API’s own answer (no redirect)', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(res.headers.get('Location')).toBeNull();
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
  });

  it.each(['//evil.example/', '/%5Cevil.example/', '/%2F%2Fevil.example/', '///evil.example//'])(
    'never sends %s to another site (a 404, not a redirect to //host)',
    async (path) => {
      const res = await get(path);
      expect(res.headers.get('Location')).toBeNull();
      expect(res.status).toBe(404);
    },
  );

  it.each(['/contact', '/tip', '/corrections?article=a-post', '/contact.html'])(
    'serves the form page %s with a fresh stamp in place of its placeholder, for no cache to keep',
    async (path) => {
      const first = await get(path);
      expect(first.status).toBe(200);
      expect(first.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
      expect(first.headers.get('Content-Security-Policy')).toBe(CSP_SITE);
      expect(first.headers.get('Cache-Control')).toBe('private, no-cache');
      expect(first.headers.get('ETag')).toBeNull();
      expect(first.headers.get('Last-Modified')).toBeNull();
      const html = await first.text();
      expect(html).not.toContain('{{form-stamp:');
      const [stamp, ...same] = stampsIn(html);
      expect(same).toEqual([stamp]);
      t.clock.advance(1000);
      // Whatever the browser holds, it gets the page again, with a new stamp: never a 304 with an old one.
      const again = await get(path, { 'If-None-Match': '*', 'If-Modified-Since': new Date(0).toUTCString() });
      expect(again.status).toBe(200);
      expect(stampsIn(await again.text())[0]).not.toBe(stamp);
    },
  );

  it("accepts a message with its form page's stamp once the minimum fill time has passed, not before", async () => {
    const stamp = stampsIn(await (await get('/contact')).text())[0]!;
    const send = () =>
      t.call('POST', '/api/messages', new URLSearchParams({ ...CONTACT_MESSAGE, stamp }), {
        Referer: `${ORIGIN}/contact`,
      });
    t.clock.advance(MIN_FILL_MS - 500);
    expect((await send()).status).toBe(400);
    t.clock.advance(500);
    expect((await send()).status).toBe(303);
    const tipStamp = stampsIn(await (await get('/tip')).text())[0]!;
    t.clock.advance(MIN_FILL_MS);
    const crossed = await t.call('POST', '/api/messages', new URLSearchParams({ ...CONTACT_MESSAGE, stamp: tipStamp }));
    expect(crossed.status).toBe(400);
    await t.ctx.operations.messages.idle();
  });

  it('answers HEAD of a form page without a body, and a missing form page with the 404 page', async () => {
    const head = await get('/tip', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('Cache-Control')).toBe('private, no-cache');
    expect(await head.text()).toBe('');
    const tree = join(t.dir, 'site', 'trees', 'one');
    renameSync(join(tree, 'tip.html'), join(tree, 'tip.html.away'));
    try {
      const missing = await get('/tip');
      expect(missing.status).toBe(404);
      expect(await missing.text()).toBe(NOT_FOUND);
    } finally {
      renameSync(join(tree, 'tip.html.away'), join(tree, 'tip.html'));
    }
  });

  it("redirects a renamed post's old address to its new one", async () => {
    await t.login();
    const post = (await t.call('POST', '/api/posts', postBody({ title: 'Old name', published: true }))).json;
    expect((await t.call('PUT', `/api/posts/${post.id}`, { slug: 'new-name' })).status).toBe(200);
    t.logout();
    const res = await get(`/post/${post.slug}`);
    expect(res.status).toBe(301);
    expect(res.headers.get('Location')).toBe('/post/new-name');
  });

  it.each([
    ['/admin', ADMIN_INDEX],
    ['/admin/', ADMIN_INDEX],
    ['/admin/edit/1', ADMIN_INDEX],
    ['/admin/assets/index-abc.js', 'export {};'],
  ])('serves the admin app at %s (its index for its own routes)', async (path, body) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Security-Policy')).toBe(CSP_ADMIN);
    expect(await res.text()).toBe(body);
  });

  it('answers a missing admin asset with 404, not the index', async () => {
    const res = await get('/admin/assets/gone-123.js');
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('Not found');
  });
});

describe('the live folder', () => {
  let t: TestApp;
  afterEach(() => t.cleanup());

  it('answers 503 with Retry-After until a site has been built', async () => {
    t = await testApp();
    const res = await t.app.request(`${ORIGIN}/`);
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe('5');
  });

  it('follows the builder swapping the live link to a new tree', async () => {
    t = await testApp();
    const site = join(t.dir, 'site');
    writeTree(join(site, 'trees', 'one'), { 'index.html': '<title>One</title>' });
    writeTree(join(site, 'trees', 'two'), { 'index.html': '<title>Two</title>' });
    symlinkSync(join(site, 'trees', 'one'), join(site, 'current'));
    expect(await (await t.app.request(`${ORIGIN}/`)).text()).toContain('One');
    // The builder's swap: a new link renamed over the old one.
    symlinkSync(join(site, 'trees', 'two'), join(site, 'next'));
    renameSync(join(site, 'next'), join(site, 'current'));
    expect(await (await t.app.request(`${ORIGIN}/`)).text()).toContain('Two');
  });

  it('finishes a page whose file the renderer removes after the headers went out', async () => {
    t = await testApp();
    const tree = join(t.dir, 'site', 'trees', 'one');
    mkdirSync(join(tree, 'post'), { recursive: true });
    const page = `<!doctype html><title>Going</title>${'x'.repeat(200_000)}`;
    writeFileSync(join(tree, 'post', 'going.html'), page);
    symlinkSync(tree, join(t.dir, 'site', 'current'));

    const res = await t.app.request('http://127.0.0.1:4321/post/going');
    expect(res.status).toBe(200);
    unlinkSync(join(tree, 'post', 'going.html')); // an unpublish, between the answer's headers and its body
    expect(await res.text()).toBe(page);
    expect((await t.app.request('http://127.0.0.1:4321/post/going')).status).toBe(404);
    rmSync(tree, { recursive: true, force: true });
  });
});

/**
 * Preview links: made, listed and revoked by the editor only; the token is unguessable and stored only as a hash;
 * a valid link shows the draft (with the editor's unsaved working copy over it) through the site's own article page,
 * and nothing else ever shows a draft to an anonymous caller. Pages are rendered by the real renderer (a
 * preview-only worker on the compiled site), which must write nothing.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PreviewLinkCreatedSchema, PreviewLinkListSchema, PreviewLinkSchema } from 'content-schema/preview';
import { builds, postChanges, previewLinks, workingCopies } from '../db/schema.ts';
import { CSP_SITE } from '../security-headers.ts';
import { workerRenderer } from '../services/site-renderer.ts';
import { ensureCompiled, ORIGIN, postBody, SITE_DIST, testApp, type RecordingRenderer } from '../test-utils.ts';

type T = Awaited<ReturnType<typeof testApp<RecordingRenderer>>>;

const SECRET_WORD = 'zanzibarquokka';
const HOUR = 3_600_000;

let renderer: ReturnType<typeof workerRenderer>;
let rendererRoot: string;
let liveFiles: string[];
let t: T;

/** Every file and folder below the preview renderer's site root. */
const siteFiles = () => readdirSync(join(rendererRoot, 'site'), { recursive: true }).map(String).sort();

beforeAll(() => {
  ensureCompiled();
  rendererRoot = mkdtempSync(join(tmpdir(), 'northwire-preview-renderer-'));
  // A live site folder another instance renders, as a preview-only renderer on a shared DATA_DIR finds it: it must
  // never write there (a full renderer would, at once: it opens the folder's search index to report its status).
  mkdirSync(join(rendererRoot, 'site/trees/t1'), { recursive: true });
  writeFileSync(join(rendererRoot, 'site/trees/t1/index.html'), '<!doctype html><title>Live</title>');
  writeFileSync(
    join(rendererRoot, 'site/state.json'),
    JSON.stringify({ version: 'other', cursor: 0, dirty: [], searchReady: true }),
  );
  symlinkSync('trees/t1', join(rendererRoot, 'site/current'));
  liveFiles = siteFiles();
  renderer = workerRenderer({
    distDir: SITE_DIST,
    siteRoot: join(rendererRoot, 'site'),
    siteUrl: ORIGIN,
    apiUrl: ORIGIN,
    previewOnly: true,
  });
}, 120_000);
afterAll(async () => {
  await renderer.close();
  rmSync(rendererRoot, { recursive: true, force: true });
});

beforeEach(async () => {
  t = await testApp<RecordingRenderer>({ preview: renderer });
  await t.login();
});
afterEach(() => t.cleanup());

const ANON = { Cookie: undefined } as unknown as Record<string, string>;

async function draft(overrides: Record<string, unknown> = {}) {
  const res = await t.call(
    'POST',
    '/api/posts',
    postBody({ title: 'A draft for review', content: `## Draft\n\nThe ${SECRET_WORD} paragraph.`, ...overrides }),
  );
  expect(res.status).toBe(201);
  return res.json as { id: number; slug: string };
}

async function share(postId: number, body: unknown = {}) {
  const res = await t.call('POST', `/api/posts/${postId}/preview-links`, body);
  expect(res.status, res.text).toBe(201);
  return PreviewLinkCreatedSchema.parse(res.json);
}

/** GETs a page the way a browser without the editor's session does. */
const open = (path: string) => t.call('GET', path, undefined, ANON);
const pathOf = (url: string) => new URL(url).pathname;

describe('making a preview link', () => {
  it('answers the full URL once, with a token of 32 random bytes; only its SHA-256 is stored', async () => {
    const post = await draft();
    const a = await share(post.id);
    const b = await share(post.id);
    const token = /^http:\/\/127\.0\.0\.1:4321\/preview\/([A-Za-z0-9_-]{43})$/.exec(a.url)?.[1];
    expect(token).toBeDefined();
    expect(Buffer.from(token!, 'base64url')).toHaveLength(32);
    expect(a.url).not.toBe(b.url);

    const rows = await t.db.select().from(previewLinks);
    expect(rows.map((r) => r.tokenHash).sort()).toEqual(
      [a, b].map((l) => createHash('sha256').update(new URL(l.url).pathname.split('/').pop()!).digest('hex')).sort(),
    );
    // The token is nowhere in the database, in any table.
    const tables = await t.db.$client.execute(`SELECT name FROM sqlite_master WHERE type = 'table'`);
    for (const { name } of tables.rows) {
      const rows = await t.db.$client.execute(`SELECT * FROM "${String(name)}"`);
      expect(JSON.stringify(rows.rows), String(name)).not.toContain(token);
    }
    // Nor in the list, which never carries a token or its hash.
    const list = await t.call('GET', `/api/posts/${post.id}/preview-links`);
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(token);
    expect(list.text).not.toContain(rows[0]!.tokenHash);
    expect(PreviewLinkListSchema.parse(list.json).map((l) => Object.keys(l).sort())).toEqual(
      Array(2).fill(Object.keys(PreviewLinkSchema.shape).sort()),
    );
  });

  it('tokens do not repeat and spread over the whole alphabet (no structure to guess)', async () => {
    const post = await draft();
    const tokens = [];
    for (let i = 0; i < 40; i++)
      tokens.push(
        pathOf((await share(post.id)).url)
          .split('/')
          .pop()!,
      );
    expect(new Set(tokens).size).toBe(tokens.length);
    const bytes = Buffer.concat(tokens.map((tk) => Buffer.from(tk, 'base64url')));
    // 1,280 random bytes: every bit position is set in some and clear in others, and most byte values occur.
    for (let bit = 0; bit < 8; bit++) {
      const ones = [...bytes].filter((v) => (v >> bit) & 1).length;
      expect(ones).toBeGreaterThan(bytes.length * 0.4);
      expect(ones).toBeLessThan(bytes.length * 0.6);
    }
    expect(new Set(bytes).size).toBeGreaterThan(200);
  });

  it('is valid for 7 days by default, or for the hours or days chosen', async () => {
    const post = await draft();
    const now = t.clock.now().getTime();
    const week = await share(post.id);
    expect(Date.parse(week.expiresAt) - now).toBe(7 * 24 * HOUR);
    expect(week).toMatchObject({ status: 'active', createdBy: 'admin', revokedAt: null, lastUsedAt: null });
    expect(Date.parse((await share(post.id, { amount: 1, unit: 'hours' })).expiresAt) - now).toBe(HOUR);
    expect(Date.parse((await share(post.id, { amount: 90, unit: 'days' })).expiresAt) - now).toBe(90 * 24 * HOUR);
    expect(Date.parse((await share(post.id, { amount: 36, unit: 'hours' })).expiresAt) - now).toBe(36 * HOUR);
  });

  it.each([
    [{ amount: 0 }],
    [{ amount: 91, unit: 'days' }],
    [{ amount: 2161, unit: 'hours' }],
    [{ amount: 1.5, unit: 'days' }],
    [{ amount: '7' }],
    [{ unit: 'weeks' }],
    [{ amount: 1e308 }],
  ])('refuses the validity %j with 400 and writes nothing', async (body) => {
    const post = await draft();
    const res = await t.call('POST', `/api/posts/${post.id}/preview-links`, body);
    expect(res.status).toBe(400);
    expect(res.json.error).toMatch(/preview link is valid for 1 hour to 90 days|Unit must be hours or days/);
    expect(await t.db.select().from(previewLinks)).toEqual([]);
  });

  it('answers 400 to a body that is not JSON, 404 for a post or link that does not exist, never 500', async () => {
    const post = await draft();
    expect((await t.call('POST', `/api/posts/${post.id}/preview-links`, '{')).status).toBe(400);
    for (const id of ['999999', '0', '-1', 'abc', '1e3', '9'.repeat(40)]) {
      expect((await t.call('POST', `/api/posts/${id}/preview-links`, {})).status).toBe(404);
      expect((await t.call('GET', `/api/posts/${id}/preview-links`)).status).toBe(404);
      expect((await t.call('POST', `/api/preview-links/${id}/revoke`)).status).toBe(404);
    }
  });

  it('refuses anonymous callers everything: making, listing and revoking links', async () => {
    const post = await draft();
    const link = await share(post.id);
    t.logout();
    const made = await t.call('POST', `/api/posts/${post.id}/preview-links`, {});
    expect(made.status).toBe(401);
    expect((await t.call('GET', `/api/posts/${post.id}/preview-links`)).status).toBe(401);
    expect((await t.call('POST', `/api/preview-links/${link.id}/revoke`)).status).toBe(401);
    expect(await t.db.select().from(previewLinks)).toHaveLength(1);
    expect((await open(pathOf(link.url))).status).toBe(200);
  });

  it('refuses a signed-in write from a foreign origin', async () => {
    const post = await draft();
    const res = await t.call('POST', `/api/posts/${post.id}/preview-links`, {}, { Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(await t.db.select().from(previewLinks)).toEqual([]);
  });
});

describe('the preview page', () => {
  it("shows the draft with the site's article page, marked as a preview and kept out of indexes and caches", async () => {
    const post = await draft({ tags: ['grids', 'policy'] });
    const link = await share(post.id);
    const res = await open(pathOf(link.url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('content-security-policy')).toBe(CSP_SITE);
    expect(res.headers.get('set-cookie')).toBeNull();
    const html = res.text;
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain('Preview — not published');
    // The article page itself: its title, sanitised body, tags and the site's header and footer.
    expect(html).toContain('<h1');
    expect(html).toContain('A draft for review');
    expect(html).toContain(`<h2>Draft</h2>`);
    expect(html).toContain(SECRET_WORD);
    expect(html).toContain('Research Tags');
    expect(html).toContain('class="article-body');
    // No island, so no script runs: the one script is JSON-LD data (nothing for the CSP to allow).
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.every((s) => s.includes('type="application/ld+json"'))).toBe(true);
    expect(html).not.toContain('astro-island');
  });

  it('renders the body with the one sanitiser: raw HTML in the draft never reaches the page', async () => {
    const post = await draft({
      content: `Hello <script>alert(1)</script> <img src=x onerror=alert(2)> [x](javascript:alert(3))`,
    });
    const html = (await open(pathOf((await share(post.id)).url))).text;
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.every((s) => s.includes('type="application/ld+json"'))).toBe(true);
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('<p>Hello alert(1)');
  });

  it("shows the editor's unsaved working copy over the post, and the published article stays as it is", async () => {
    const post = await draft({ published: true, title: 'The published title', content: 'The published body.' });
    await t.db.insert(workingCopies).values({
      key: `post:${post.id}`,
      postId: post.id,
      fields: {
        title: 'The unsaved title',
        content: `## Unsaved\n\nWords not yet ${SECRET_WORD}d.`,
        tags: 'alpha, beta',
      },
      baseVersion: 1,
      updatedAt: t.clock.now(),
    });
    const html = (await open(pathOf((await share(post.id)).url))).text;
    expect(html).toContain('The unsaved title');
    expect(html).toContain(`${SECRET_WORD}d`);
    expect(html).toContain('alpha');
    const live = await t.call('GET', `/api/posts/slug/${post.slug}`, undefined, ANON);
    expect(live.json.title).toBe('The published title');
    expect(live.text).not.toContain(SECRET_WORD);
  });

  it.each([
    ['fields of the wrong types', { title: 42, content: '', tags: { a: 1 }, readTime: 'soon', category: 'Nope' }],
    ['an empty object', {}],
    ['a list', ['title', 'x']],
    ['text', 'just text'],
  ])("keeps the post's own values where the working copy holds %s", async (_name, fields) => {
    const post = await draft({ title: 'Own title' });
    await t.db.insert(workingCopies).values({
      key: `post:${post.id}`,
      postId: post.id,
      fields: fields as Record<string, unknown>,
      updatedAt: t.clock.now(),
    });
    const res = await open(pathOf((await share(post.id)).url));
    expect(res.status).toBe(200);
    expect(res.text).toContain('Own title');
    expect(res.text).toContain(SECRET_WORD);
  });

  it('survives a working copy that is not JSON at all', async () => {
    const post = await draft({ title: 'Own title' });
    await t.db.$client.execute({
      sql: `INSERT INTO working_copies (key, post_id, fields, updated_at) VALUES (?, ?, ?, ?)`,
      args: [`post:${post.id}`, post.id, '{not json', t.clock.now().getTime()],
    });
    const res = await open(pathOf((await share(post.id)).url));
    expect(res.status).toBe(200);
    expect(res.text).toContain('Own title');
  });

  it('answers an unknown, expired or revoked token with one and the same 404 page', async () => {
    const post = await draft();
    const revoked = await share(post.id);
    const expiring = await share(post.id, { amount: 1, unit: 'hours' });
    const revoke = await t.call('POST', `/api/preview-links/${revoked.id}/revoke`);
    expect(revoke.status).toBe(200);
    expect(PreviewLinkSchema.parse(revoke.json).status).toBe('revoked');
    expect((await open(pathOf(expiring.url))).status).toBe(200);
    t.clock.advance(HOUR);

    const unknown = await open(`/preview/${'A'.repeat(43)}`);
    const answers = [unknown, await open(pathOf(expiring.url)), await open(pathOf(revoked.url))];
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.text).toBe(unknown.text);
      expect(res.text).not.toContain(SECRET_WORD);
      expect(res.text).not.toContain('A draft for review');
      expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      expect(res.headers.get('cache-control')).toBe('private, no-store');
    }
    const list = PreviewLinkListSchema.parse((await t.call('GET', `/api/posts/${post.id}/preview-links`)).json);
    expect(list.map((l) => [l.id, l.status])).toEqual([
      [expiring.id, 'expired'],
      [revoked.id, 'revoked'],
    ]);
  });

  it('revoking twice keeps the first revocation time', async () => {
    const post = await draft();
    const link = await share(post.id);
    const first = (await t.call('POST', `/api/preview-links/${link.id}/revoke`)).json;
    t.clock.advance(HOUR);
    const second = (await t.call('POST', `/api/preview-links/${link.id}/revoke`)).json;
    expect(second.revokedAt).toBe(first.revokedAt);
  });

  it.each([
    'abc',
    'A'.repeat(42),
    'A'.repeat(44),
    `${'A'.repeat(42)}%21`,
    '%00',
    'x'.repeat(5000),
    '..%2F..%2Fadmin',
    '',
  ])('answers the malformed token %j with the 404 page', async (token) => {
    const res = await open(`/preview/${token}`);
    expect(res.status).toBe(404);
    expect(res.text).toContain('Preview not available');
  });

  it('answers HEAD like GET, without a body', async () => {
    const post = await draft();
    const link = await share(post.id);
    const head = await t.call('HEAD', pathOf(link.url), undefined, ANON);
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect((await t.call('HEAD', `/preview/${'B'.repeat(43)}`, undefined, ANON)).status).toBe(404);
  });

  it('records when a link was last used', async () => {
    const post = await draft();
    const link = await share(post.id);
    t.clock.advance(5 * 60_000);
    await open(pathOf(link.url));
    const [listed] = PreviewLinkListSchema.parse((await t.call('GET', `/api/posts/${post.id}/preview-links`)).json);
    expect(listed!.lastUsedAt).toBe(t.clock.now().toISOString());
  });

  it('shows the signed-in editor the same page at /preview/post/{id}, and nobody else', async () => {
    const post = await draft();
    const viaLink = (await open(pathOf((await share(post.id)).url))).text;
    const own = await t.call('GET', `/preview/post/${post.id}`);
    expect(own.status).toBe(200);
    expect(own.text).toBe(viaLink);
    expect(own.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const anonymous = await open(`/preview/post/${post.id}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.text).not.toContain(SECRET_WORD);
    for (const id of ['999999', '0', 'abc', '9'.repeat(40)])
      expect((await t.call('GET', `/preview/post/${id}`)).status).toBe(404);
  });

  it('a deleted post takes its links with it', async () => {
    const post = await draft();
    const link = await share(post.id);
    expect((await t.call('DELETE', `/api/posts/${post.id}`)).status).toBe(200);
    expect((await open(pathOf(link.url))).status).toBe(404);
  });
});

describe('no draft reaches an anonymous caller except through a valid link', () => {
  it('lists, search, lookups and the site feed never show the draft; the link does', async () => {
    const post = await draft();
    const link = await share(post.id);
    await open(pathOf(link.url));
    const paths = [
      '/api/posts',
      '/api/posts?published=false',
      `/api/posts?search=${SECRET_WORD}`,
      `/api/posts?search=${SECRET_WORD}&published=false`,
      '/api/posts?fields=summary',
      `/api/posts/${post.id}`,
      `/api/posts/slug/${post.slug}`,
      '/api/site/posts',
      `/api/site/posts?ids=${post.id}`,
      `/api/posts/${post.id}/preview-links`,
      `/preview/post/${post.id}`,
    ];
    for (const path of paths) {
      const res = await open(path);
      expect(res.text, path).not.toContain(SECRET_WORD);
      expect(res.text, path).not.toContain('A draft for review');
    }
    expect((await open(pathOf(link.url))).text).toContain(SECRET_WORD);
  });

  it('making, viewing and revoking links is no public change: no change record, no build, nothing rendered or written', async () => {
    const post = await draft();
    const link = await share(post.id);
    for (let i = 0; i < 3; i++) expect((await open(pathOf(link.url))).status).toBe(200);
    expect((await t.call('GET', `/preview/post/${post.id}`)).status).toBe(200);
    await t.call('POST', `/api/preview-links/${link.id}/revoke`);
    await t.builder.idle();
    expect(await t.db.select().from(postChanges)).toEqual([]);
    expect(await t.db.select().from(builds)).toEqual([]);
    expect(t.renderer.batches).toEqual([]);
    // The preview-only renderer wrote nothing into the live folder it found.
    expect(siteFiles()).toEqual(liveFiles);
  });

  it('without a renderer the page answers 503, never 500, and shows nothing of the draft', async () => {
    const bare = await testApp();
    try {
      await bare.login();
      const created = await bare.call('POST', '/api/posts', postBody({ content: `The ${SECRET_WORD}.` }));
      const made = await bare.call('POST', `/api/posts/${created.json.id}/preview-links`, {});
      const res = await bare.call('GET', pathOf(made.json.url), undefined, ANON);
      expect(res.status).toBe(503);
      expect(res.text).not.toContain(SECRET_WORD);
    } finally {
      await bare.cleanup();
    }
  });
});

import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { ADMIN } from './fixtures.ts';
import { hydrated } from './site-helpers.ts';

test.describe('one server, one origin', () => {
  test('serves the site at /, the admin at /admin and the API at /api', async ({ request }) => {
    const home = await request.get('/');
    expect(home.status()).toBe(200);
    expect(home.headers()['content-type']).toContain('text/html');
    expect(home.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(home.headers()['x-content-type-options']).toBe('nosniff');

    const admin = await request.get('/admin');
    expect(admin.status()).toBe(200);
    expect(await admin.text()).toContain('<div id="root"');
    const deep = await request.get('/admin/edit/1');
    expect(deep.status()).toBe(200);

    const api = await request.get('/api/health');
    expect(await api.json()).toEqual({ ok: true });
  });

  test('unknown paths answer a real 404 with the not-found page', async ({ request }) => {
    const res = await request.get('/no/such/page');
    expect(res.status()).toBe(404);
    expect(await res.text()).toContain('404 Page Not Found');
    expect((await request.get('/api/no-such-thing')).status()).toBe(404);
  });

  test('legacy routes redirect', async ({ request }) => {
    const res = await request.get('/posts/some-slug', { maxRedirects: 0 });
    expect(res.status()).toBe(301);
    expect(res.headers()['location']).toBe('/post/some-slug');
    expect((await request.get('/login', { maxRedirects: 0 })).headers()['location']).toBe('/admin');
  });

  test('hashed assets are immutable and HTML revalidates', async ({ request, page }) => {
    await page.goto('/');
    const html = await request.get('/');
    expect(html.headers()['cache-control']).toContain('must-revalidate');
    const asset = /(\/_astro\/[^"']+\.(?:css|js))/.exec(await html.text())?.[1];
    expect(asset).toBeTruthy();
    expect((await request.get(asset!)).headers()['cache-control']).toContain('immutable');
    // Search: the manifest changes with every publish, the bundles it names never change.
    const manifest = await request.get('/pagefind/manifest.json');
    expect(manifest.headers()['cache-control']).toContain('must-revalidate');
    const [runtime] = (await manifest.json()).bundles as { path: string }[];
    const entry = await request.get(`/pagefind/${runtime!.path}pagefind-entry.json`);
    expect(entry.status()).toBe(200);
    expect(entry.headers()['cache-control']).toContain('immutable');
    expect((await request.get('/pagefind/state.json')).status()).toBe(404);
  });
});

test('a post published through the API appears on the site without a restart, and a draft never does', async ({
  request,
}) => {
  const headers = { Origin: baseURL };
  expect((await request.post('/api/auth/login', { data: ADMIN, headers })).ok()).toBeTruthy();
  const title = `Pipeline check ${Date.now()}`;
  const created = await request.post('/api/posts', {
    headers,
    data: {
      title,
      excerpt: 'A post that proves publishing reaches readers within seconds.',
      content: '## Proof\n\nPublished through the API, rebuilt by the embedded builder.',
      category: 'Analysis Drop',
      tags: ['pipeline'],
      authorName: 'Dr. Astrid Lindqvist',
      readTime: 2,
      published: false,
    },
  });
  expect(created.status()).toBe(201);
  const post = await created.json();

  const draftPage = await request.get(`/post/${post.slug}`);
  expect(draftPage.status()).toBe(404);

  const started = Date.now();
  expect((await request.put(`/api/posts/${post.id}`, { headers, data: { published: true } })).ok()).toBeTruthy();
  await expect
    .poll(async () => (await request.get(`/post/${post.slug}`)).status(), { timeout: 30_000, intervals: [200] })
    .toBe(200);
  const page = await (await request.get(`/post/${post.slug}`)).text();
  expect(page).toContain(title);
  console.log(`publish-to-live: ${Date.now() - started} ms`);

  // Unpublish takes it down again.
  expect((await request.put(`/api/posts/${post.id}`, { headers, data: { published: false } })).ok()).toBeTruthy();
  await expect
    .poll(async () => (await request.get(`/post/${post.slug}`)).status(), { timeout: 30_000, intervals: [200] })
    .toBe(404);
});

test('search finds a post as soon as it is published and stops finding it once it is unpublished', async ({
  request,
  page,
}) => {
  const headers = { Origin: baseURL };
  expect((await request.post('/api/auth/login', { data: ADMIN, headers })).ok()).toBeTruthy();
  // A word no other post has, only in the body (the listing's own substring match covers title and excerpt).
  const word = `zqsearch${Date.now()
    .toString(36)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
  const created = await request.post('/api/posts', {
    headers,
    data: {
      title: 'Search freshness check',
      excerpt: 'A post that proves search follows publishing.',
      content: `## Body\n\nThe body carries the word ${word}, which nothing else on the site has.`,
      category: 'Deep Dive',
      authorName: 'Dr. Astrid Lindqvist',
      published: true,
    },
  });
  expect(created.status()).toBe(201);
  const post = await created.json();

  /**
   * What the home page's search answers for `term`: its announcement and the titles shown. Without the search
   * applied the page lists the newest posts (this one among them), so only "1 post shown." proves a hit.
   */
  const answer = async (term: string) => {
    await page.goto(`/?search=${term}`);
    await hydrated(page);
    const status = page.locator('[aria-live="polite"]', { hasText: /^(1 post shown\.|No matching posts\.)$/ });
    try {
      await status.waitFor({ state: 'attached', timeout: 5000 });
    } catch {
      return 'no answer';
    }
    const titles = await page.getByRole('main').getByRole('heading', { level: 3 }).allTextContents();
    return `${await status.textContent()} ${titles.join(' | ')}`;
  };
  await expect.poll(() => answer(word), { timeout: 20_000 }).toBe('1 post shown. Search freshness check');

  expect((await request.put(`/api/posts/${post.id}`, { headers, data: { published: false } })).ok()).toBeTruthy();
  await expect.poll(() => answer(word), { timeout: 20_000 }).toMatch(/^No matching posts\. /);
});

import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { ADMIN, login } from './fixtures.ts';

/**
 * Only in the load-balanced run (playwright.lb.config.ts, scripts/e2e-lb-server.ts): nginx round-robin over two
 * instances, each naming itself in `X-Instance` (INSTANCE_HEADER=on). Proves the other journeys of that run really
 * went through both.
 */

function instanceOf(res: APIResponse): string {
  const id = res.headers()['x-instance'];
  expect(id, `${res.url()} answered without X-Instance`).toMatch(/^127\.0\.0\.1:\d+:\d+$/);
  return id!;
}

/** `n` GETs of `path` in a row: each answer's instance and status. */
async function answers(request: APIRequestContext, path: string, n: number): Promise<{ id: string; status: number }[]> {
  const out: { id: string; status: number }[] = [];
  for (let i = 0; i < n; i++) {
    const res = await request.get(path, { maxRedirects: 0 });
    out.push({ id: instanceOf(res), status: res.status() });
  }
  return out;
}

const ids = (list: { id: string }[]) => [...new Set(list.map((a) => a.id))].sort();

test('requests alternate between two instances, for the API, the admin and the site alike', async ({ request }) => {
  const api = await answers(request, '/api/health', 10);
  expect(ids(api)).toHaveLength(2);
  // Round-robin: consecutive requests of one client go to the other instance each time.
  for (let i = 1; i < api.length; i++) expect(api[i]!.id, `request ${i + 1}`).not.toBe(api[i - 1]!.id);
  expect(ids(await answers(request, '/admin', 4))).toEqual(ids(api));
  const site = await answers(request, '/', 4);
  expect(site.map((a) => a.status)).toEqual([200, 200, 200, 200]);
  expect(ids(site)).toEqual(ids(api));
});

test('a session created through one instance is valid on the other at once, and a logout ends it on both', async ({
  request,
}) => {
  const headers = { Origin: baseURL };
  const loggedIn = await request.post('/api/auth/login', { data: ADMIN, headers });
  expect(loggedIn.ok()).toBeTruthy();
  const creator = instanceOf(loggedIn);

  // Straight after the login, as the admin does: the very next request lands on the other instance.
  const seen: { id: string; authenticated: boolean }[] = [];
  for (let i = 0; i < 6; i++) {
    const res = await request.get('/api/auth/status');
    seen.push({ id: instanceOf(res), authenticated: (await res.json()).authenticated });
  }
  expect(seen[0]!.id).not.toBe(creator);
  expect(ids(seen)).toHaveLength(2);
  expect(
    seen.filter((s) => !s.authenticated),
    'answers that did not know the session',
  ).toEqual([]);

  // The cookie, kept to replay it after the logout (which clears it in this client).
  const token = (await request.storageState()).cookies.find((c) => c.name === 'session')?.value;
  expect(token).toBeTruthy();
  expect((await request.post('/api/auth/logout', { headers })).ok()).toBeTruthy();
  // Ended on the instance that logged out at once, on the other within SESSION_CACHE_MS (5 s) plus the replica's
  // sync interval.
  await expect
    .poll(
      async () => {
        const replayed: { id: string; authenticated: boolean }[] = [];
        for (let i = 0; i < 4; i++) {
          const res = await request.get('/api/auth/status', { headers: { Cookie: `session=${token}` } });
          replayed.push({ id: instanceOf(res), authenticated: (await res.json()).authenticated });
        }
        return ids(replayed).length === 2 && replayed.every((r) => !r.authenticated);
      },
      { timeout: 15_000, intervals: [500] },
    )
    .toBe(true);
});

test('the admin signs in through the balancer and every API answer it gets is signed in, from both instances', async ({
  page,
}) => {
  const unauthorised: string[] = [];
  const instances = new Set<string>();
  page.on('response', (res) => {
    if (!res.url().startsWith(`${baseURL}/api/`)) return;
    const id = res.headers()['x-instance'];
    if (id) instances.add(id);
    if (res.status() === 401) unauthorised.push(`${res.request().method()} ${res.url()} from ${id}`);
  });
  await login(page);
  await page.getByRole('tab', { name: 'Scheduler', exact: true }).click();
  await page.getByRole('tab', { name: 'Overview', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  expect(unauthorised).toEqual([]);
  expect(instances.size).toBe(2);
});

test('a post published through the balancer is live on the site as served by both instances', async ({ request }) => {
  const headers = { Origin: baseURL };
  expect((await request.post('/api/auth/login', { data: ADMIN, headers })).ok()).toBeTruthy();
  const title = `Balanced publish ${Date.now()}`;
  const created = await request.post('/api/posts', {
    headers,
    data: {
      title,
      excerpt: 'A post published through the load balancer.',
      content: '## Both instances\n\nServed from the one site folder both instances share.',
      category: 'Analysis Drop',
      tags: ['balancer'],
      authorName: 'Dr. Astrid Lindqvist',
      readTime: 2,
      published: true,
    },
  });
  expect(created.status()).toBe(201);
  const post = await created.json();

  // Once one instance answers 200, every following answer is 200, from both (they serve one live folder).
  await expect
    .poll(async () => (await request.get(`/post/${post.slug}`)).status(), { timeout: 30_000, intervals: [200] })
    .toBe(200);
  const live = await answers(request, `/post/${post.slug}`, 6);
  expect(live.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
  expect(ids(live)).toHaveLength(2);
  const page = await (await request.get(`/post/${post.slug}`)).text();
  expect(page).toContain(title);

  // The API of both instances lists it as published too (the other reads it from its replica).
  const listed: { id: string; published: boolean }[] = [];
  for (let i = 0; i < 4; i++) {
    const res = await request.get(`/api/posts/${post.id}`);
    listed.push({ id: instanceOf(res), published: res.ok() && (await res.json()).published === true });
  }
  expect(ids(listed)).toHaveLength(2);
  expect(listed.every((l) => l.published)).toBe(true);
});

import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, login } from './fixtures.ts';
import { baseURL } from '../playwright.config.ts';

// Headless Chromium announces itself as HeadlessChrome, which the beacon endpoint rightly treats as a bot.
test.use({
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
});

interface Report {
  summary: { totalViews: number };
  items: { post: { slug: string }; views: number }[];
}

/** The performance report as the admin API answers it, read on its own signed-in request context. */
async function report(admin: APIRequestContext): Promise<Report> {
  const res = await admin.get('/api/performance?range=7d&sort=views');
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as Report;
}
const viewsOf = (r: Report, slug: string) => r.items.find((i) => i.post.slug === slug)?.views ?? 0;
const number = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

test('article visits show up as views on the performance tab', async ({ page, playwright }) => {
  test.setTimeout(120_000);
  const posts: { slug: string; title: string }[] = await (
    await page.request.get('/api/posts?published=true&limit=2')
  ).json();
  expect(posts.length).toBe(2);
  // What other journeys counted before this one: the test asserts its own visits on top of it, in any order.
  const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  expect((await admin.post('/api/auth/login', { data: ADMIN })).ok()).toBeTruthy();
  const before = await report(admin);

  for (const post of posts) {
    // A post published by an earlier journey may still be on its way into the static site.
    await expect
      .poll(async () => (await page.request.get(`/post/${post.slug}`)).status(), { timeout: 45_000 })
      .toBe(200);
    const view = page.waitForRequest(
      (r) => r.url().endsWith('/api/views') && r.method() === 'POST' && r.postData()?.includes('"view"') === true,
    );
    await page.goto(`/post/${post.slug}`);
    // The page loads no script until the reader turns to it: the first scroll wakes the counter.
    await page.mouse.wheel(0, 300);
    const sent = await view;
    expect(JSON.parse(sent.postData()!)).toMatchObject({ slug: post.slug, event: 'view' });
    await page.mouse.wheel(0, 100_000);
    // Leaving the page sends the reading completion.
    const leave = page.waitForRequest(
      (r) => r.url().endsWith('/api/views') && r.postData()?.includes('"leave"') === true,
    );
    // Playwright does not observe a beacon sent by a document that is being unloaded, so the test fires the
    // page's own pagehide event (what leaving does) and then leaves.
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide')));
    expect(JSON.parse((await leave).postData()!)).toMatchObject({ slug: post.slug, event: 'leave' });
    await page.goto('/about');
  }
  // The beacon's counts reach the database in batches: wait for them instead of sleeping.
  await expect
    .poll(
      async () => {
        const now = await report(admin);
        return posts.every((p) => viewsOf(now, p.slug) >= viewsOf(before, p.slug) + 1);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  await admin.dispose();

  await login(page);
  await page.goto('/admin/performance');
  await expect
    .poll(async () => number(await page.getByTestId('total-views').textContent()))
    .toBeGreaterThanOrEqual(before.summary.totalViews + 2);
  for (const post of posts) {
    const item = page.getByTestId('performance-item').filter({ hasText: post.title });
    await expect
      .poll(async () => number(await item.getByTestId('item-views').textContent()))
      .toBeGreaterThanOrEqual(viewsOf(before, post.slug) + 1);
  }
});

test('with nothing counted the tab shows the four summary cards at zero and says why', async ({ page }) => {
  // The API's empty answer (api/src/services/operations/performance.test.ts pins it), whatever earlier journeys
  // counted: the range and dates come from the real answer.
  await page.route('**/api/performance?*', async (route) => {
    const real = (await (await route.fetch()).json()) as Record<string, unknown>;
    await route.fulfill({
      json: {
        ...real,
        empty: true,
        summary: { totalViews: 0, avgEngagement: 0, socialShares: 0, topPerformers: 0 },
        items: [],
        topCategories: [],
        insights: [],
      },
    });
  });
  await login(page);
  await page.goto('/admin/performance');
  for (const [label, value] of [
    ['Total Views', '0'],
    ['Avg Engagement', '0%'],
    ['Social Shares', '0'],
    ['Top Performers', '0'],
  ] as const)
    await expect(page.getByText(label, { exact: true }).locator('..')).toContainText(value);
  await expect(page.getByTestId('total-views')).toHaveText('0');
  await expect(page.getByTestId('performance-empty')).toContainText('No reader data yet');
  await expect(page.getByTestId('performance-empty')).toContainText('every figure above is zero');
  await expect(page.getByTestId('performance-item')).toHaveCount(0);
});

import { expect, test } from '@playwright/test';
import { PUBLIC_ROUTES, publishedPosts } from './site-helpers.ts';

test.describe('every public route', () => {
  for (const route of PUBLIC_ROUTES) {
    test(`${route.path} renders its heading, header and footer`, async ({ page }) => {
      const res = await page.goto(route.path);
      expect(res?.status()).toBe(200);
      const h1 = page.getByRole('heading', { level: 1 });
      await expect(h1).toHaveCount(1);
      if (route.heading) await expect(h1).toHaveText(route.heading);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeAttached();
      await expect(page.getByText(/© \d{4} Northwire Media AB/)).toBeVisible();
      // Once in view, the footer reports the health the API measures.
      const health = page.getByTestId('systems-indicator');
      await health.scrollIntoViewIfNeeded();
      await expect(health).toHaveText('All systems operational');
      await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toBeAttached();
    });
  }

  test('every page has its own title, description and canonical URL', async ({ page, request }) => {
    const [post] = await publishedPosts(request);
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const path of [...PUBLIC_ROUTES.map((r) => r.path), `/post/${post!.slug}`]) {
      await page.goto(path);
      titles.add(await page.title());
      descriptions.add((await page.locator('meta[name="description"]').getAttribute('content')) ?? '');
      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
      expect(new URL(canonical!).pathname).toBe(path);
      await expect(page.locator('meta[property="og:title"]')).toHaveCount(1);
      await expect(page.locator('meta[name="twitter:card"]')).toHaveCount(1);
    }
    expect(titles.size).toBe(PUBLIC_ROUTES.length + 1);
    expect(descriptions.size).toBe(PUBLIC_ROUTES.length + 1);
  });

  test('unknown paths get the not-found page with a real 404', async ({ page }) => {
    const res = await page.goto('/no-such-page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
    await page.getByTestId('systems-indicator').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('systems-indicator')).toHaveText('All systems operational');
  });

  test('old and convenience paths redirect with 301', async ({ request }) => {
    const [post] = await publishedPosts(request);
    for (const [from, to] of [
      [`/posts/${post!.slug}`, `/post/${post!.slug}`],
      ['/login', '/admin'],
      ['/create-post', '/admin/create'],
    ]) {
      const res = await request.get(from!, { maxRedirects: 0 });
      expect(res.status(), from).toBe(301);
      expect(new URL(res.headers()['location']!, 'http://x').pathname).toBe(to);
    }
  });

  test('a link copied with a trailing slash lands on the page, its query kept', async ({ page, request }) => {
    const [post] = await publishedPosts(request);
    const res = await page.goto(`/post/${post!.slug}/?ref=chat`);
    expect(res?.status()).toBe(200);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/post/${post!.slug}?ref=chat`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(post!.title);
    // A category and a static page too.
    for (const path of ['/analysis', '/about']) {
      expect((await page.goto(`${path}/`))?.status(), path).toBe(200);
      expect(new URL(page.url()).pathname).toBe(path);
    }
  });

  test('feeds, sitemap and robots.txt are published', async ({ request }) => {
    const [post] = await publishedPosts(request);
    const rss = await request.get('/rss.xml');
    expect(rss.ok()).toBeTruthy();
    expect(await rss.text()).toContain(`/post/${post!.slug}`);
    for (const feed of ['analysis', 'startups', 'deep-dive', 'deal-watch', 'energy', 'architecture']) {
      const res = await request.get(`/rss/${feed}.xml`);
      expect(res.ok(), feed).toBeTruthy();
      expect(await res.text()).toContain('<rss');
    }
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toMatch(/Sitemap: .*\/sitemap-index\.xml/);
    const sitemap = await request.get('/sitemap-index.xml');
    expect(sitemap.ok()).toBeTruthy();
    const urls = await (await request.get('/sitemap-0.xml')).text();
    expect(urls).toContain(`/post/${post!.slug}</loc>`);
    expect(urls).not.toContain('/404');
    expect(urls).not.toContain('/saved');
  });
});

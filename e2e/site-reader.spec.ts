/**
 * The reader's experience at its limits: no script before interaction on reading pages, nothing typed
 * or pressed lost to hydration, the site usable without JavaScript, the cookie and privacy controls, a reader who
 * declined is never counted, the footer's real service health.
 */
import { gzipSync } from 'node:zlib';
import { expect, test, type Page, type Route } from '@playwright/test';
import { awake, publishedPosts } from './site-helpers.ts';

const CATEGORY = 'Analysis Drop';
const CATEGORY_PATH = '/analysis';

/** Holds back the island scripts matching `pattern` for `ms`, so the reader acts before hydration. */
async function delayScripts(page: Page, pattern: RegExp, ms: number): Promise<void> {
  await page.route(pattern, async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

/** Every script the page requests, with its gzip size, from now on. */
function watchScripts(page: Page): { urls: string[]; gzipBytes: () => Promise<number> } {
  const urls: string[] = [];
  const sizes: Promise<number>[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') urls.push(new URL(req.url()).pathname);
  });
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    sizes.push(
      res.body().then(
        (body) => gzipSync(body).length,
        () => 0,
      ),
    );
  });
  return { urls, gzipBytes: async () => (await Promise.all(sizes)).reduce((a, b) => a + b, 0) };
}

test.describe('script budget', () => {
  test('home, an article and a category page left alone for 3 s load no script; interaction loads it', async ({
    page,
    request,
  }) => {
    const [post] = await publishedPosts(request);
    for (const path of ['/', `/post/${post!.slug}`, '/analysis']) {
      const scripts = watchScripts(page);
      await page.goto(path);
      await page.waitForTimeout(3000);
      expect(scripts.urls, `${path}: scripts loaded while left alone`).toEqual([]);
      // Positive control: the reader's first touch wakes the island, and the counter sees its scripts.
      const island =
        path === '/analysis' || path === '/'
          ? 'input[name="search"][type="search"]:not([id$="-search"])'
          : '.share-menu > summary';
      await page.locator(island).first().click();
      await awake(page, island);
      expect(scripts.urls.length).toBeGreaterThan(0);
      await page.waitForLoadState('networkidle');
      page.removeAllListeners('request');
      page.removeAllListeners('response');
    }
  });

  test('reading pages ship no framework: every script after all their interactions is within 60 KB gzip', async ({
    page,
    request,
  }) => {
    const posts = await publishedPosts(request);
    for (const path of ['/', CATEGORY_PATH, `/post/${posts[0]!.slug}`, '/about']) {
      const post = path === CATEGORY_PATH ? posts.find((p) => p.category === CATEGORY)! : posts[0]!;
      const word = post.title.split(' ').find((w) => w.length > 5) ?? post.title.split(' ')[0]!;
      const scripts = watchScripts(page);
      await page.goto(path);
      if (path === '/' || path === CATEGORY_PATH) {
        // Search (full text: pagefind loads), a filter on Home, clearing it all again, and loading more.
        const box = page.getByRole('searchbox').last();
        await box.fill(word);
        await expect(page).toHaveURL(/[?&]search=/);
        await expect(page.getByRole('link', { name: post.title }).first()).toBeVisible();
        if (path === '/') {
          await page.getByRole('button', { name: 'Deals', exact: true }).click();
          await expect(page.getByRole('button', { name: 'Deals', exact: true })).toHaveAttribute(
            'aria-pressed',
            'true',
          );
        }
        await box.fill('');
        await expect(page).not.toHaveURL(/[?&]search=/);
        if (path === '/') await page.getByRole('button', { name: 'All Posts', exact: true }).click();
        const more = page.getByRole('button', { name: 'Load more articles' });
        if (await more.isVisible()) await more.click();
      }
      if (path.startsWith('/post/')) {
        await page.getByRole('button', { name: 'Save', exact: true }).click();
        await expect(page.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
        await page.locator('summary', { hasText: 'Share' }).click();
        await expect(page.getByRole('list', { name: 'Share this article' })).toBeVisible();
      }
      // The footer's status line wakes in view and reads the API.
      await page.getByTestId('systems-indicator').scrollIntoViewIfNeeded();
      await expect(page.getByTestId('systems-indicator')).not.toHaveText('System status');
      await page.waitForLoadState('networkidle');
      expect(scripts.urls.length, path).toBeGreaterThan(0);
      expect(await scripts.gzipBytes(), `${path}: ${scripts.urls.join(', ')}`).toBeLessThanOrEqual(60 * 1024);
      page.removeAllListeners('request');
      page.removeAllListeners('response');
    }
  });
});

test.describe('input before hydration', () => {
  test('text typed into home search while the island loads is kept and searched for', async ({ page, request }) => {
    const [post] = await publishedPosts(request);
    const term = post!.title.split(' ').find((w) => w.length > 5) ?? post!.title.split(' ')[0]!;
    await delayScripts(page, /\/_astro\/listing\.[^/]+\.js$/, 1500);
    await page.goto('/');
    const box = page.getByPlaceholder('Search posts...');
    await box.click();
    await box.pressSequentially(term);
    // Typed before the island hydrated: it is still the server's markup.
    await expect(page.locator('astro-island[ssr]', { has: box })).toHaveCount(1);
    await awake(page, 'input[placeholder="Search posts..."]');
    await expect(box).toHaveValue(term);
    await expect(page).toHaveURL(new RegExp(`[?&]search=${encodeURIComponent(term).replace(/%20/g, '\\+')}`));
    await expect(page.getByRole('link', { name: post!.title }).first()).toBeVisible();
  });

  test('a listing opened with ?search= shows its loading text, never the unfiltered list, until its island wakes', async ({
    page,
  }) => {
    await delayScripts(page, /\/_astro\/listing\.[^/]+\.js$/, 1500);
    await page.goto('/?search=zzzz-no-such-term');
    const latest = page.getByRole('region', { name: 'Latest Articles' });
    await expect(page.getByText('Loading Northwire')).toBeVisible();
    await expect(latest.getByRole('article')).toHaveCount(0);
    // All of that before the island woke: it is still the server's markup.
    await expect(page.locator('astro-island[ssr]', { has: latest })).toHaveCount(1);
    await expect(latest.getByText('No posts found.')).toBeVisible();
    await expect(page.getByText('Loading Northwire')).toBeHidden();
  });

  test('text typed under a 6x slower CPU is kept on a category page', async ({ page, request }) => {
    const posts = await publishedPosts(request);
    const post = posts.find((p) => p.category === CATEGORY)!;
    const term = post.title.split(' ').find((w) => w.length > 5) ?? post.title.split(' ')[0]!;
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.goto(CATEGORY_PATH);
    const box = page.getByRole('searchbox').last();
    await box.click();
    await page.keyboard.type(term);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await expect(box).toHaveValue(term);
    await expect(page).toHaveURL(/[?&]search=/);
    await expect(page.getByRole('link', { name: post.title }).first()).toBeVisible();
  });

  test('Save pressed before the article island hydrates is kept', async ({ page, request }) => {
    const [post] = await publishedPosts(request);
    await delayScripts(page, /\/_astro\/ArticleActions\.[^/]+\.js$/, 1500);
    await page.goto(`/post/${post!.slug}`);
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await save.click();
    await expect(page.locator('astro-island[ssr]', { has: save })).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
    const stored = await page.evaluate(() => localStorage.getItem('northwire:reading-list'));
    expect(stored).toContain(post!.slug);
  });
});

test.describe('without JavaScript', () => {
  test('menu, search form and share links work', async ({ browser, request }) => {
    const [post] = await publishedPosts(request);
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tech Intelligence & Analysis');
    await expect(page.getByRole('region', { name: 'Latest Articles' }).getByRole('article').first()).toBeVisible();

    // The category filters are a GET form to ?category=.
    await page
      .getByRole('region', { name: 'Latest Articles' })
      .getByRole('button', { name: 'Deals', exact: true })
      .click();
    await expect(page).toHaveURL(/\/\?category=Deal\+Watch$/);
    await page.goto('/');

    // The menu is a native <details>; its links load pages.
    await page.locator('summary', { hasText: 'Menu' }).click();
    const mobile = page.getByRole('navigation', { name: 'Mobile' });
    await mobile.locator('a[href="/analysis"]').click();
    await expect(page).toHaveURL(/\/analysis$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Analysis Drop');

    // The search forms are GET forms to ?search=.
    await page.locator('summary', { hasText: 'Menu' }).click();
    await page.locator('#mobile-search').fill('regulation');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/\?search=regulation$/);
    const listingBox = page.getByPlaceholder('Search Analysis Drop...');
    await page.goto('/analysis');
    await listingBox.fill('grid');
    await listingBox.press('Enter');
    await expect(page).toHaveURL(/\/analysis\?search=grid$/);

    // The share menu is a <details> of plain links.
    await page.goto(`/post/${post!.slug}`);
    await expect(page.locator('.article-body p').first()).toBeVisible();
    await page.locator('summary', { hasText: 'Share' }).click();
    const menu = page.getByRole('list', { name: 'Share this article' });
    await expect(menu.getByRole('link', { name: 'Twitter (X)' })).toHaveAttribute(
      'href',
      /^https:\/\/twitter\.com\/intent\/tweet\?/,
    );
    await expect(menu.getByRole('link', { name: 'LinkedIn' })).toHaveAttribute('href', /linkedin\.com\/sharing/);
    await expect(menu.getByRole('link', { name: 'Facebook' })).toHaveAttribute('href', /facebook\.com\/sharer/);
    await expect(menu.getByRole('link', { name: 'Email' })).toHaveAttribute('href', /^mailto:/);
    await context.close();
  });
});

test.describe('cookie and privacy controls', () => {
  test('Accept All, Reject Optional, Manage and Save Preferences work', async ({ page }) => {
    await page.goto('/cookies');
    const status = page
      .getByRole('status')
      .filter({ hasText: /Preferences saved|^$/ })
      .first();
    await page.getByRole('button', { name: 'Accept All' }).click();
    await expect(status).toHaveText('Preferences saved. All categories accepted.');
    await expect(page.getByText(/Current choice: All categories accepted\. Saved on/)).toBeVisible();
    await page.getByRole('button', { name: 'Reject Optional' }).click();
    await expect(status).toHaveText('Preferences saved. Essential only: optional categories are off.');
    await page.getByRole('button', { name: 'Manage' }).click();
    await page.getByRole('checkbox', { name: 'Analytics' }).check();
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(status).toHaveText('Preferences saved. Essential plus analytics.');
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('northwire:consent'))) ?? '{}');
    expect(stored).toMatchObject({ analytics: true, preferences: false, performance: false });
  });

  test('the privacy settings empty the reading list the Save button filled', async ({ page, request }) => {
    const [post] = await publishedPosts(request);
    await page.goto(`/post/${post!.slug}`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible();
    await page.goto('/privacy-settings');
    await expect(page.getByRole('link', { name: post!.title })).toBeVisible();
    await page.getByRole('button', { name: 'Clear reading list' }).click();
    await expect(page.getByText('Your reading list is now empty.')).toBeVisible();
    await page.goto('/saved');
    await expect(page.getByText('No saved articles yet')).toBeVisible();

    // Clear all site data empties it too.
    await page.goto(`/post/${post!.slug}`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible();
    await page.goto('/privacy-settings');
    await page.getByRole('button', { name: 'Clear all site data on this device' }).click();
    await page.getByRole('button', { name: 'Yes, clear all site data' }).click();
    await page.goto('/saved');
    await expect(page.getByText('No saved articles yet')).toBeVisible();
  });

  test('a reader who declined analytics is never counted; one who did not is', async ({ page, request }) => {
    const [post] = await publishedPosts(request);
    const views: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/views') views.push(req.postData() ?? '');
    });
    const read = async () => {
      await page.goto(`/post/${post!.slug}`);
      await page.mouse.wheel(0, 1500);
      await awake(page, 'summary');
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.getByRole('button', { name: /^Save|Saved$/ }).click();
      await page.goto('/about'); // pagehide: the leave beacon would go now
    };

    await page.goto('/cookies');
    await page.getByRole('button', { name: 'Reject Optional' }).click();
    await expect(page.getByText(/Essential only/).first()).toBeVisible();
    await read();
    await page.waitForTimeout(500);
    expect(views).toEqual([]);

    // Positive control: after Accept All the same reading is counted.
    await page.goto('/cookies');
    await page.getByRole('button', { name: 'Accept All' }).click();
    await expect(page.getByText(/All categories accepted/).first()).toBeVisible();
    await read();
    await expect.poll(() => views.some((v) => v.includes('"view"'))).toBe(true);
  });
});

test.describe('footer service health', () => {
  test('reports what GET /api/status measures, and says so when it cannot be read', async ({ page, request }) => {
    const body = (await (await request.get('/api/status')).json()) as { overall: string };
    const expected = {
      operational: 'All systems operational',
      degraded: 'Some services degraded',
      outage: 'Service disruption',
    }[body.overall];
    await page.goto('/about');
    const health = page.getByTestId('systems-indicator');
    await health.scrollIntoViewIfNeeded();
    await expect(health).toHaveText(expected!);
    await expect(health).toHaveAttribute('href', '/status');

    await page.route('**/api/status', (route) => route.fulfill({ status: 503, body: 'Service Unavailable' }));
    await page.goto('/about');
    await page.getByTestId('systems-indicator').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('systems-indicator')).toHaveText('Service status unavailable');
  });
});

test.describe('reading list offline', () => {
  test('a saved article and the reading list open without a network', async ({ page, context, request }) => {
    const [post] = await publishedPosts(request);
    await page.goto(`/post/${post!.slug}`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible();
    // The worker caches the article and the reading list page with their files.
    await expect
      .poll(
        () =>
          page.evaluate(async (path) => {
            const cache = await caches.open('northwire:reading-list-v1');
            return Boolean((await cache.match(path)) && (await cache.match('/saved')));
          }, `/post/${post!.slug}`),
        { timeout: 20_000 },
      )
      .toBe(true);

    await context.setOffline(true);
    try {
      await page.goto(`/post/${post!.slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(post!.title);
      await page.goto('/saved');
      await expect(page.getByRole('link', { name: post!.title })).toBeVisible();
    } finally {
      await context.setOffline(false);
    }

    // Removing it from the list forgets the offline copy.
    await page.getByRole('button', { name: /Remove/ }).click();
    await expect
      .poll(() =>
        page.evaluate(async (path) => {
          const cache = await caches.open('northwire:reading-list-v1');
          return Boolean(await cache.match(path));
        }, `/post/${post!.slug}`),
      )
      .toBe(false);
  });
});

import { expect, test } from '@playwright/test';
import { awake, hydrated, publishedPosts } from './site-helpers.ts';

const LONG_DATE =
  /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}$/;

test.describe('article page', () => {
  test('shows every element of the spec', async ({ page, request }) => {
    const posts = await publishedPosts(request);
    const post = posts.find((p) => p.tags.length > 0 && posts.some((o) => o !== p && o.category === p.category))!;
    const related = posts.filter((p) => p.category === post.category && p.slug !== post.slug).slice(0, 3);
    await page.goto(`/post/${post.slug}`);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title);
    await expect(page.getByRole('link', { name: 'Back to Posts' })).toHaveAttribute('href', '/');
    const article = page.locator('article[data-pagefind-body]');
    await expect(article.getByText(post.category, { exact: true }).first()).toBeVisible();
    await expect(article.getByText(`${post.readTime} min read`)).toBeVisible();
    await expect(article.getByText(post.excerpt)).toBeVisible();
    await expect(article.getByText(post.authorName, { exact: true }).first()).toBeVisible();
    await expect(article.locator('time').first()).toHaveText(LONG_DATE);
    await expect(article.locator('.article-body h2').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: post.authorName, level: 2 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Research Tags' })).toBeVisible();
    for (const tag of post.tags)
      await expect(page.getByRole('region', { name: 'Research Tags' }).getByText(tag, { exact: true })).toBeVisible();
    const relatedSection = page.getByRole('region', { name: 'Related Research' });
    await expect(relatedSection.getByRole('article')).toHaveCount(related.length);
    for (const r of related)
      await expect(relatedSection.getByRole('link', { name: r.title })).toHaveAttribute('href', `/post/${r.slug}`);

    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(ld['@type']).toBe('NewsArticle');
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');

    // Reading progress grows with scrolling.
    const bar = page.locator('#reading-progress-bar');
    const width = () => bar.evaluate((el) => el.getBoundingClientRect().width);
    expect(await width()).toBeLessThan(5);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(width).toBeGreaterThan((page.viewportSize()?.width ?? 1280) * 0.95);
  });

  test('the text is readable without JavaScript', async ({ browser, request }) => {
    const [post] = await publishedPosts(request);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/post/${post!.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(post!.title);
    expect(await page.locator('.article-body p').count()).toBeGreaterThan(3);
    await context.close();
  });

  test('copy link copies the article URL, toasts and shows the copied state for 2 seconds', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const [post] = await publishedPosts(request);
    await page.goto(`/post/${post!.slug}`);
    await hydrated(page);
    await page.locator('summary', { hasText: 'Share' }).click();
    const menu = page.getByRole('list', { name: 'Share this article' });
    for (const item of ['Twitter (X)', 'LinkedIn', 'Facebook'])
      await expect(menu.getByRole('link', { name: item })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Email' })).toHaveAttribute('href', /^mailto:\?subject=/);
    await menu.getByRole('button', { name: 'Copy link' }).click();
    const toast = page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');
    await expect(toast).toContainText('Link copied');
    await expect(toast).toContainText('Article link copied to clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/post/${post!.slug}`);
    await expect(page.locator('summary', { hasText: 'Link copied!' })).toBeVisible();
    await expect(page.locator('summary', { hasText: 'Share' })).toBeVisible({ timeout: 4000 });
    await expect(toast).toHaveCount(0, { timeout: 7000 });
  });

  test('network shares open a 600x400 window and toast', async ({ page, request }) => {
    const [post] = await publishedPosts(request);
    await page.goto(`/post/${post!.slug}`);
    // Pressing Share wakes the island; the window.open stub goes in once it has.
    await page.locator('summary', { hasText: 'Share' }).click();
    await awake(page, 'summary');
    await page.evaluate(() => {
      const calls: unknown[][] = [];
      (window as unknown as { openCalls: unknown[][] }).openCalls = calls;
      window.open = (...args: unknown[]) => {
        calls.push(args);
        return null;
      };
    });
    await page.getByRole('link', { name: 'LinkedIn' }).click();
    const calls = await page.evaluate(() => (window as unknown as { openCalls: string[][] }).openCalls);
    expect(calls[0]![0]).toContain('linkedin.com/sharing/share-offsite/?url=');
    expect(calls[0]![2]).toContain('width=600,height=400');
    await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText('Sharing article on LinkedIn');
  });

  test('Save keeps the article in the reading list', async ({ page, request }) => {
    const [post] = await publishedPosts(request);
    await page.goto(`/post/${post!.slug}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('link', { name: 'Reading list' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reading List');
    await expect(page.getByRole('link', { name: post!.title })).toBeVisible();
    await page.getByRole('button', { name: /Remove/ }).click();
    await expect(page.getByText('No saved articles yet')).toBeVisible();
  });

  test('a library image is a responsive picture in a captioned figure, fetched only when the reader scrolls to it', async ({
    page,
  }) => {
    const media: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/media/')) media.push(r.url());
    });
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/post/eu-ai-act-general-purpose-ai-nordic-startups');
    const figure = page.locator('.article-body figure.media-figure');
    await expect(figure).toHaveCount(1);
    await expect(figure.locator('source[type="image/avif"]')).toHaveAttribute(
      'srcset',
      /\/media\/[0-9a-f]{32}\.avif 320w, /,
    );
    await expect(figure.locator('source[type="image/webp"]')).toHaveAttribute(
      'sizes',
      '(min-width: 52rem) 48rem, calc(100vw - 2rem)',
    );
    const img = figure.locator('img');
    await expect(img).toHaveAttribute('alt', /^A timeline of the EU AI Act/);
    for (const [name, value] of [
      ['width', '1600'],
      ['height', '800'],
      ['loading', 'lazy'],
      ['decoding', 'async'],
    ])
      await expect(img).toHaveAttribute(name!, value!);
    await expect(figure.locator('figcaption')).toHaveText(
      "When the AI Act's rules apply, as set in its Article 113. Northwire (CC BY 4.0)",
    );
    // Below the fold: nothing of it fetched until the reader gets near it (the hero's feature image is fetched at
    // once: another image), then the AVIF of a phone's width.
    await page.waitForLoadState('networkidle');
    const files = (
      await figure
        .locator('source, img')
        .evaluateAll((els) => els.map((el) => el.getAttribute('srcset') ?? el.getAttribute('src') ?? ''))
    )
      .join(' ')
      .match(/[0-9a-f]{32}\.\w+/g)!;
    expect(files.length).toBeGreaterThan(3);
    expect(media.filter((url) => files.some((f) => url.endsWith(f)))).toEqual([]);
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
    const chosen = await img.evaluate((el: HTMLImageElement) => el.currentSrc);
    expect(chosen).toMatch(/\.avif$/);
    // Its box had its size before it loaded: the page did not move.
    const box = await img.boundingBox();
    expect(Math.round(box!.width / box!.height)).toBe(2);
  });

  test('an unknown slug shows Post Not Found with a real 404', async ({ page }) => {
    const res = await page.goto('/post/this-post-does-not-exist');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Post Not Found' })).toBeVisible();
    await expect(page.getByText("The post you're looking for doesn't exist.")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeHidden();
  });
});

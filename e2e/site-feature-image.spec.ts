/**
 * Feature images as readers meet them: the article's hero (fetched first, preloaded, cropped around the focal point,
 * credited), the cards and Home's featured block, the share card composed from it, the feeds and the structured
 * data. The seeded articles 'eu-ai-act-…' and 'digital-twins-…' have covers; others keep the category design.
 */
import { expect, test } from '@playwright/test';
import { publishedPosts } from './site-helpers.ts';

const WITH_COVER = '/post/eu-ai-act-general-purpose-ai-nordic-startups';
const HASHED = /\/media\/[0-9a-f]{32}\.(avif|webp|jpg|png)$/;

test.describe('feature images', () => {
  test('the hero is the first image fetched, preloaded, cropped around its focal point and at most 60 KB on a phone', async ({
    page,
  }) => {
    const bytes = new Map<string, number>();
    page.on('requestfinished', async (r) => {
      if (new URL(r.url()).pathname.startsWith('/media/')) bytes.set(r.url(), (await r.sizes()).responseBodySize);
    });
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(WITH_COVER);
    const hero = page.getByTestId('feature-image');
    const img = hero.locator('img');
    await expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(await img.getAttribute('loading')).toBeNull();
    await expect(img).toHaveAttribute('alt', /^Abstract cover art/);
    await expect(img).toHaveAttribute('style', 'object-position:40% 45%');
    await expect(hero.locator('figcaption')).toHaveText('Northwire (CC BY 4.0)');
    const preload = page.locator('link[rel="preload"][as="image"]');
    await expect(preload).toHaveAttribute('type', 'image/avif');
    await expect(preload).toHaveAttribute(
      'imagesrcset',
      (await hero.locator('source[type="image/avif"]').getAttribute('srcset'))!,
    );
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
    const chosen = await img.evaluate((el: HTMLImageElement) => el.currentSrc);
    expect(chosen).toMatch(/\.avif$/);
    await expect.poll(() => bytes.get(chosen)).toBeGreaterThan(0);
    expect(bytes.get(chosen)).toBeLessThanOrEqual(60 * 1024);
    // Its box is 16:9 from the start, whatever the picture's own shape.
    const box = (await img.boundingBox())!;
    expect(box.width / box.height).toBeCloseTo(16 / 9, 1);
  });

  test('cards and Home’s featured block show the picture lazily; posts without one keep the category design', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const featured = page.locator('section[aria-labelledby="latest-publication"]');
    await expect(featured.locator('img')).toHaveAttribute('src', HASHED);
    await expect(featured.locator('img')).toHaveAttribute('loading', 'lazy');
    const card = page.locator('article.card', { has: page.getByRole('link', { name: /general-purpose AI rules/ }) });
    await expect(card.locator('source[type="image/avif"]')).toHaveAttribute('srcset', /320w.*640w.*960w$/);
    await expect(card.locator('img')).toHaveAttribute('alt', /^Abstract cover art/);
    const plain = (await publishedPosts(request)).find((p) => p.slug === 'nordic-bidding-zones-explained')!;
    await page.goto(`/post/${plain.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(plain.title);
    await expect(page.getByTestId('feature-image')).toHaveCount(0);
    await expect(page.locator('link[rel="preload"][as="image"]')).toHaveCount(0);
  });

  test('the share card is composed from the picture, and feeds and structured data name its file', async ({
    page,
    request,
  }) => {
    // The composed card is drawn in the background after the page goes live: the page names it once it exists.
    const shareOf = async () => {
      await page.goto(WITH_COVER);
      return (await page.locator('meta[property="og:image"]').getAttribute('content'))!;
    };
    await expect
      .poll(shareOf, { timeout: 30_000 })
      .toMatch(/\/og\/eu-ai-act-general-purpose-ai-nordic-startups\/[0-9a-f]{16}\.jpg$/);
    const share = await shareOf();
    const card = await request.get(new URL(share).pathname);
    expect(card.headers()['content-type']).toBe('image/jpeg');
    const jpeg = await card.body();
    expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8]);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
    const file = (await page.getByTestId('feature-image').locator('img').getAttribute('src'))!;
    expect(ld.image).toEqual([expect.stringMatching(new RegExp(`${file}$`)), share]);
    const rss = await (await request.get('/rss.xml')).text();
    expect(rss).toMatch(new RegExp(`<enclosure url="[^"]+${file}" length="\\d+" type="image/(jpeg|png)"/>`));
    const atom = await (await request.get('/atom.xml')).text();
    expect(atom).toContain(`rel="enclosure"`);
    const feed = await (await request.get('/feed.json')).json();
    const item = feed.items.find((i: { url: string }) => i.url.endsWith(WITH_COVER));
    expect(item.image).toMatch(new RegExp(`${file}$`));
  });
});

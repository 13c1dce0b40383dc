/**
 * Per-article Open Graph images: each article names its own card, drawn by the warm renderer from its
 * title, category and author, and the file is a real 1200 × 630 PNG a browser can decode.
 */
import { expect, test, type Page } from '@playwright/test';
import { publishedPosts } from './site-helpers.ts';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const meta = (page: Page, selector: string) => page.locator(`head meta[${selector}]`).getAttribute('content');

test('an article’s og:image is its own 1200 × 630 PNG (drawn: no feature image), and two articles have different ones', async ({
  page,
  request,
  baseURL,
}) => {
  // Articles with a feature image have a card composed from it (a JPEG): site-feature-image.spec.ts.
  const posts = (await publishedPosts(request)).filter((p) => !p.featureImage).slice(0, 2);
  expect(posts).toHaveLength(2);
  const images: { url: string; bytes: Buffer }[] = [];
  for (const post of posts) {
    // The first full render at start leaves the images to the background, which then refreshes each article.
    await expect
      .poll(
        async () =>
          /<meta property="og:image" content="[^"]*\/og\//.test(await (await request.get(`/post/${post.slug}`)).text()),
        {
          timeout: 30_000,
        },
      )
      .toBe(true);
    await page.goto(`/post/${post.slug}`);
    const url = await meta(page, 'property="og:image"');
    expect(url, post.slug).toBeTruthy();
    const { origin, pathname } = new URL(url!);
    // Absolute, on the site's origin, in the article's own folder (the name is a hash of what the card shows).
    expect(origin).toBe(new URL(baseURL!).origin);
    expect(pathname).toMatch(new RegExp(`^/og/${post.slug}/[0-9a-f]{16}\\.png$`));
    expect(await meta(page, 'name="twitter:image"')).toBe(url);
    expect(await meta(page, 'name="twitter:card"')).toBe('summary_large_image');
    expect(await meta(page, 'property="og:image:width"')).toBe('1200');
    expect(await meta(page, 'property="og:image:height"')).toBe('630');
    expect(await meta(page, 'property="og:image:alt"')).toContain(post.title);
    expect(await meta(page, 'property="article:modified_time"')).toMatch(/^\d{4}-\d\d-\d\dT/);

    const res = await request.get(pathname);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
    const bytes = await res.body();
    expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
    // The browser itself decodes it (and the page's CSP lets it load).
    const decoded = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return { width: img.naturalWidth, height: img.naturalHeight };
    }, pathname);
    expect(decoded).toEqual({ width: 1200, height: 630 });
    images.push({ url: pathname, bytes });
  }
  expect(images[0]!.url).not.toBe(images[1]!.url);
  expect(images[0]!.bytes.equals(images[1]!.bytes)).toBe(false);
});

import { expect, test } from '@playwright/test';
import { hydrated, publishedPosts } from './site-helpers.ts';

const PAGES = [
  ['/analysis', 'Analysis Drop'],
  ['/startups', 'Startup Radar'],
  ['/deep-dive', 'Deep Dive'],
  ['/deal-watch', 'Deal Watch'],
  ['/energy', 'Energy Future'],
  ['/architecture', 'Future Cities'],
] as const;

test.describe('category listings', () => {
  for (const [path, category] of PAGES) {
    test(`${path} lists exactly the ${category} posts`, async ({ page, request }) => {
      const posts = (await publishedPosts(request)).filter((p) => p.category === category);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(category);
      const list = page.getByRole('region', { name: /Latest in|Results for/ });
      await expect(list.getByRole('article')).toHaveCount(Math.min(posts.length, 24));
      if (posts.length === 0) {
        await expect(list.getByText(`No ${category} articles found`)).toBeVisible();
        await expect(list.getByText(/coming soon/)).toBeVisible();
      }
    });
  }

  test('search narrows by substring, and an empty result offers Clear Search', async ({ page, request }) => {
    const posts = (await publishedPosts(request)).filter((p) => p.category === 'Deal Watch');
    await page.goto('/deal-watch');
    await hydrated(page);
    const list = page.getByRole('region', { name: /Latest in|Results for/ });
    await expect(list.getByRole('button', { name: 'Clear Search' })).toHaveCount(0);
    const box = list.getByPlaceholder('Search Deal Watch...');
    // Substring of a title, in a different case.
    const fragment = posts[0]!.title.slice(3, 12).toUpperCase();
    await box.fill(fragment);
    await expect(page).toHaveURL(/\?search=/);
    await expect(list.getByRole('link', { name: posts[0]!.title })).toBeVisible();
    await box.fill('zzzz-no-such-term');
    await expect(list.getByText('No Deal Watch articles found')).toBeVisible();
    await expect(list.getByText('Try adjusting your search terms or browse all articles.')).toBeVisible();
    await list.getByRole('button', { name: 'Clear Search' }).click();
    await expect(page).toHaveURL(/\/deal-watch$/);
    await expect(list.getByRole('article')).toHaveCount(posts.length);
  });

  test('listing data comes as a head of 24 and linked chunks, not the whole archive', async ({ request }) => {
    const res = await request.get('/data/posts/all/head.json');
    expect(res.ok()).toBeTruthy();
    const head = await res.json();
    expect(head.posts.length).toBeLessThanOrEqual(24);
    expect(head.posts[0]).not.toHaveProperty('content');
    // Every post is reachable: the head, then each chunk's link to the next older one.
    const slugs: string[] = head.posts.map((p: { slug: string }) => p.slug);
    for (let cursor = head.next; cursor;) {
      const chunk = await (await request.get(`/data/posts/all/${cursor.chunk}.json`)).json();
      expect(chunk.posts.length).toBeLessThanOrEqual(64);
      slugs.push(...chunk.posts.slice(cursor.skip).map((p: { slug: string }) => p.slug));
      cursor = chunk.next ? { chunk: chunk.next, skip: 0 } : null;
    }
    expect(slugs).toHaveLength(head.total);
    expect(new Set(slugs).size).toBe(head.total);
  });
});

import { expect, test } from '@playwright/test';
import { hydrated, publishedPosts } from './site-helpers.ts';

const FILTERS = ['All Posts', 'Analysis', 'Startups', 'Deep Dive', 'Deals', 'Energy', 'Architecture'];

test.describe('home', () => {
  test('hero, badges, featured latest publication and the card grid', async ({ page, request }) => {
    const posts = await publishedPosts(request);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tech Intelligence & Analysis');
    for (const badge of ['AI Analysis', 'Breaking News', 'Startup Intel', 'Funding Tracks'])
      await expect(page.getByRole('list', { name: 'What we cover' }).getByText(badge, { exact: true })).toBeVisible();
    const featured = page.getByRole('region', { name: 'Latest Publication' });
    await expect(featured.getByRole('heading', { name: posts[0]!.title })).toBeVisible();
    await expect(featured.getByText(`${posts[0]!.readTime} min read`)).toBeVisible();
    await expect(featured.getByText(posts[0]!.authorName, { exact: true })).toBeVisible();
    const read = featured.getByRole('link', { name: /Read Full Analysis/ });
    await expect(read).toHaveAttribute('href', `/post/${posts[0]!.slug}`);
    const latest = page.getByRole('region', { name: 'Latest Articles' });
    await expect(latest.getByRole('article')).toHaveCount(Math.min(posts.length, 24) - 1);
    for (const label of FILTERS) await expect(latest.getByRole('button', { name: label, exact: true })).toBeVisible();
    await expect(latest.getByPlaceholder('Search posts...')).toBeVisible();
  });

  test('filters narrow the list, Clear Filters resets, and back/forward re-read the address', async ({
    page,
    request,
  }) => {
    const posts = await publishedPosts(request);
    const deals = posts.filter((p) => p.category === 'Deal Watch');
    await page.goto('/');
    await hydrated(page);
    const latest = page.getByRole('region', { name: 'Latest Articles' });
    await latest.getByRole('button', { name: 'Deals', exact: true }).click();
    await expect(page).toHaveURL(/\?category=Deal\+Watch$/);
    await expect(latest.getByRole('button', { name: 'Deals', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(
      page.getByRole('region', { name: 'Latest Publication' }).getByRole('heading', { name: deals[0]!.title }),
    ).toBeVisible();
    await expect(latest.getByRole('article')).toHaveCount(deals.length - 1);

    await latest.getByPlaceholder('Search posts...').fill('zzzz-no-such-term');
    await expect(page).toHaveURL(/category=Deal\+Watch&search=zzzz-no-such-term/);
    await expect(latest.getByText('No posts found.')).toBeVisible();
    await latest.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(latest.getByPlaceholder('Search posts...')).toHaveValue('');
    await expect(latest.getByRole('button', { name: 'All Posts' })).toHaveAttribute('aria-pressed', 'true');
    await expect(latest.getByRole('article')).toHaveCount(Math.min(posts.length, 24) - 1);

    await page.goBack();
    await expect(page).toHaveURL(/category=Deal\+Watch/);
    await expect(latest.getByRole('button', { name: 'Deals', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await page.goForward();
    await expect(latest.getByRole('button', { name: 'All Posts' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('reads category and search from the address on load', async ({ page, request }) => {
    const posts = await publishedPosts(request);
    const target = posts.find((p) => p.category === 'Deep Dive')!;
    const word = target.title
      .split(' ')
      .find((w) => w.length > 6)!
      .toLowerCase();
    await page.goto(`/?category=Deep+Dive&search=${encodeURIComponent(word)}`);
    await hydrated(page);
    await expect(page.getByRole('region', { name: 'Latest Articles' }).getByPlaceholder('Search posts...')).toHaveValue(
      word,
    );
    await expect(page.getByRole('button', { name: 'Deep Dive', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('link', { name: target.title }).first()).toBeVisible();
    for (const other of posts.filter((p) => p.category !== 'Deep Dive'))
      await expect(page.getByRole('link', { name: other.title, exact: true })).toHaveCount(0);
  });

  test('search finds words that only appear in article bodies and announces the result', async ({ page, request }) => {
    const res = await request.get('/api/posts?published=true');
    const posts = (await res.json()) as { slug: string; title: string; excerpt: string; content: string }[];
    const summaries = posts.map((p) => `${p.title} ${p.excerpt}`.toLowerCase()).join(' ');
    let target: (typeof posts)[number] | undefined;
    let word = '';
    for (const post of posts) {
      word = post.content.match(/\b[a-z]{9,}\b/g)?.find((w) => !summaries.includes(w)) ?? '';
      if (word) {
        target = post;
        break;
      }
    }
    expect(target, 'a body-only word in the seed').toBeTruthy();
    await page.goto('/');
    await hydrated(page);
    const latest = page.getByRole('region', { name: 'Latest Articles' });
    await latest.getByPlaceholder('Search posts...').fill(word);
    await expect(page).toHaveURL(new RegExp(`search=${word}`));
    await expect(page.getByRole('link', { name: target!.title }).first()).toBeVisible();
    await expect(page.locator('[aria-live="polite"]', { hasText: /posts? shown\./ })).toBeAttached();
  });

  test('Load more follows the listing chunks, appends their cards and stops at the last one', async ({ page }) => {
    // The seed is smaller than one page (24 cards), so the Deals listing is served here with two chunks behind it.
    const card = (n: number) => ({
      slug: `chunked-deal-${n}`,
      title: `Chunked deal number ${n}`,
      excerpt: `Excerpt of deal ${n} <b>not markup</b>`,
      category: 'Deal Watch',
      readTime: 4,
      authorName: 'Marcus Rodriguez',
      createdAt: new Date(Date.UTC(2026, 0, 30 - n)).toISOString(),
      tags: ['Funding'],
    });
    const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => card(from + i));
    const key = 'deal-watch';
    const chunks: Record<string, unknown> = {
      head: { key, total: 40, posts: range(0, 24), next: { chunk: 'c1', skip: 4 } },
      c1: { key, chunk: 'c1', posts: range(20, 34), next: 'c2' },
      c2: { key, chunk: 'c2', posts: range(34, 40), next: null },
    };
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/data/posts/${key}/*.json`, async (route) => {
      const name = new URL(route.request().url()).pathname.split('/').pop()!.replace('.json', '');
      if (name === 'c1') await held;
      await route.fulfill({ json: chunks[name] });
    });
    await page.goto('/');
    await hydrated(page);
    const latest = page.getByRole('region', { name: 'Latest Articles' });
    await latest.getByRole('button', { name: 'Deals', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Latest Publication' })).toContainText('Chunked deal number 0');
    await expect(latest.getByRole('article')).toHaveCount(23);
    await expect(latest.getByText('Excerpt of deal 1 <b>not markup</b>')).toBeVisible();
    const more = latest.getByRole('button', { name: 'Load more articles' });
    await more.click();
    await expect(latest.getByRole('button', { name: 'Loading…' })).toBeDisabled();
    release();
    // 24 to 33 come from the first chunk (its first four were in the head), 34 to 39 from the second.
    await expect(latest.getByRole('article')).toHaveCount(39);
    await expect(latest.getByRole('link', { name: 'Chunked deal number 39' })).toBeVisible();
    await expect(latest.getByRole('link', { name: 'Chunked deal number 24', exact: true })).toHaveCount(1);
    await expect(more).toHaveCount(0);
    await expect(page.locator('[aria-live="polite"]', { hasText: '40 posts shown.' })).toBeAttached();
  });
});

import { expect, test, type Page } from '@playwright/test';
import { login } from './fixtures.ts';

/** Ten sentences of ten words each: 100 words, 10 words a sentence, so readability is 100. */
function tenWordSentences(withKeywordOnce: string): string {
  const filler = 'Founders across the region keep building useful products for customers.';
  const first = `Founders say ${withKeywordOnce} tools help teams ship better products.`;
  return [first, ...Array.from({ length: 9 }, () => filler)].join(' ');
}

async function fill(
  page: Page,
  values: { title: string; meta: string; keyword: string; slug: string; content: string },
) {
  await page.getByLabel('SEO Title').fill(values.title);
  await page.getByLabel('Meta Description').fill(values.meta);
  await page.getByLabel('Focus Keyword').fill(values.keyword);
  await page.getByLabel('URL Slug').fill(values.slug);
  await page.getByLabel('Content', { exact: true }).fill(values.content);
  await page.getByRole('button', { name: 'Analyze SEO' }).click();
}

test.beforeEach(async ({ page }) => {
  await login(page);
  await page.goto('/admin/seo');
});

test('validation messages and character counters', async ({ page }) => {
  await page.getByLabel('SEO Title').fill('x'.repeat(61));
  await expect(page.getByText('61/60')).toBeVisible();
  await page.getByLabel('Meta Description').fill('Too short.');
  await expect(page.getByText('10/160')).toBeVisible();
  await page.getByRole('button', { name: 'Analyze SEO' }).click();
  await expect(page.getByText('Title should be under 60 characters')).toBeVisible();
  await expect(page.getByText('Meta description should be 120-160 characters')).toBeVisible();
  await expect(page.getByText('Focus keyword is required')).toBeVisible();
  await expect(page.getByText('URL slug is required')).toBeVisible();
});

test('a worked example that meets every rule scores 100', async ({ page }) => {
  const title = 'Nordic AI startups are rewriting how Europe builds trust'; // 56 characters
  const meta =
    'How Nordic AI startups turn strict European rules into an advantage: governance, data access and the trust that wins enterprise buyers.  '.trim() +
    ' Read on.'; // 143 characters
  expect(title.length).toBeGreaterThanOrEqual(50);
  expect(meta.length).toBeGreaterThanOrEqual(140);
  expect(meta.length).toBeLessThanOrEqual(160);
  await fill(page, {
    title,
    meta,
    keyword: 'Nordic AI',
    slug: 'nordic-ai-startups',
    content: tenWordSentences('Nordic AI'),
  });

  // 20 (keyword in title) + 15 (in meta) + 20 (density 2%) + 15 (title length) + 15 (meta length) + 15 (readability 100)
  await expect(page.getByTestId('seo-score')).toHaveText('100/100');
  await expect(page.getByText('2%', { exact: true })).toBeVisible();
  await expect(page.getByText('100/100', { exact: true }).last()).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  const items = page.locator('li[data-type]');
  await expect(items).toHaveCount(6);
  await expect(page.locator('li[data-type="success"]')).toHaveCount(6);
});

test('a weaker example scores 50 with the spec’s recommendations', async ({ page }) => {
  const meta =
    'A practical look at Nordic AI adoption across regulated industries, from banking and insurance to healthcare and energy.'; // 121
  expect(meta.length).toBeGreaterThanOrEqual(120);
  await fill(page, {
    title: 'Green hydrogen in Europe',
    meta,
    keyword: 'Nordic AI',
    slug: 'green-hydrogen',
    content: tenWordSentences('Nordic AI'),
  });

  // 0 (not in title) + 15 (in meta) + 20 (density 2%) + 0 (title short) + 0 (meta under 140) + 15 (readability) = 50
  await expect(page.getByTestId('seo-score')).toHaveText('50/100');
  await expect(page.locator('li[data-type="error"]')).toHaveText(['Include focus keyword in title']);
  await expect(page.locator('li[data-type="warning"]')).toHaveCount(2);

  // Without the keyword in the meta description: another warning, 35 points.
  await page.getByLabel('Meta Description').fill(meta.replace('Nordic AI', 'machine learning'));
  await page.getByRole('button', { name: 'Analyze SEO' }).click();
  await expect(page.getByTestId('seo-score')).toHaveText('35/100');
  await expect(page.getByText('Consider adding focus keyword to meta description')).toBeVisible();
});

test('long sentences lower readability and warn', async ({ page }) => {
  const longSentence = `${'word '.repeat(39)}Nordic AI.`; // one 41-word sentence → 100 − 2 × 26 = 48
  await fill(page, {
    title: 'Nordic AI startups are rewriting how Europe builds trust',
    meta: 'x'.repeat(130),
    keyword: 'Nordic AI',
    slug: 'long',
    content: longSentence,
  });
  await expect(page.getByText('48/100', { exact: true })).toBeVisible();
  await expect(page.getByText('Consider shorter sentences for better readability')).toBeVisible();
});

test('loads a post’s fields, analyses them and saves the SEO fields on the post', async ({ page }) => {
  const posts: { id: number; title: string; slug: string }[] = await (
    await page.request.get('/api/posts?published=true&fields=summary')
  ).json();
  // The oldest is a seeded article (its fields pass the form's checks); journeys before this one add their own.
  const post = posts.at(-1)!;
  await page.getByLabel('Load from post').click();
  await page.getByRole('option', { name: post.title }).click();
  await expect(page.getByLabel('URL Slug')).toHaveValue(post.slug);
  await expect(page.getByLabel('Content', { exact: true })).not.toHaveValue('');

  const keyword = `kw${Date.now()}`;
  await page.getByLabel('Focus Keyword').fill(keyword);
  await page.getByRole('button', { name: 'Analyze SEO' }).click();
  // Whatever the post says, a made-up keyword is in neither the title nor the body.
  await expect(page.getByText('Include focus keyword in title')).toBeVisible();

  await page.getByRole('button', { name: 'Save to post' }).click();
  await expect(
    page.getByRole('region', { name: /Notifications/ }).getByText('Post updated successfully', { exact: true }),
  ).toBeVisible();
  const saved = await (await page.request.get(`/api/posts/${post.id}`)).json();
  expect(saved.focusKeyword).toBe(keyword);
});

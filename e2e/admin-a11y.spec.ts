import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { baseURL } from '../playwright.config.ts';
import { login, pngFile, uploadThroughApi } from './fixtures.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('the login screen has no axe violations', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByLabel('Username')).toBeVisible();
  await expectNoViolations(page);
  // With the error shown too.
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).not.toBeEmpty();
  await expectNoViolations(page);
});

test('every dashboard tab has no axe violations', async ({ page }) => {
  await login(page);
  for (const tab of [
    'Overview',
    'Automation',
    'Analytics',
    'Performance',
    'Scheduler',
    'Templates',
    'Workflows',
    'SEO',
  ]) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await expect(
      page.getByRole('tabpanel').locator('[aria-busy="true"], [role="status"]:has(.animate-spin)'),
    ).toHaveCount(0);
    await expectNoViolations(page);
  }
});

test('the editor has no axe violations, with errors and in preview', async ({ page }) => {
  await login(page);
  await page.getByRole('link', { name: 'Create Post' }).click();
  await expect(page.getByLabel('Content')).toBeVisible();
  await expectNoViolations(page);
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByText('Title is required')).toBeVisible();
  await expectNoViolations(page);
  await page.getByLabel('Content').fill('## A heading\n\nSome **bold** text and a [link](https://example.com).');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('article', { name: 'Preview' })).toBeVisible();
  await expectNoViolations(page);
});

test('the Media screen and the image picker have no axe violations, with an image open and errors shown', async ({
  page,
}) => {
  await login(page);
  const name = `a11y-${Date.now()}.png`;
  const image = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3a6ea5' } })
    .png()
    .toBuffer();
  const res = await page.request.post('/api/media', {
    headers: { Origin: baseURL, 'Content-Type': 'image/png', 'X-File-Name': name },
    data: image,
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: number };

  await page.goto(`/admin/media/${id}`);
  await expect(page.getByRole('region', { name: 'Image details' }).getByRole('heading', { name })).toBeVisible();
  await expectNoViolations(page);

  await page.goto('/admin/create');
  await page.getByRole('button', { name: 'Image', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Choose images')).toBeVisible();
  await expectNoViolations(page);
  await dialog.getByRole('tab', { name: 'Library' }).click();
  await dialog.getByLabel('Search images').fill(name);
  await dialog.getByRole('button', { name: new RegExp(name) }).click();
  await dialog.getByRole('button', { name: 'Insert' }).click();
  await expect(dialog.getByText(/^Alt text is required/)).toBeVisible();
  await expectNoViolations(page);
});

test('the editor’s feature image card has no axe violations, with an image chosen and its missing alt text noted', async ({
  page,
}) => {
  await login(page);
  const name = `a11y-feature-${Date.now()}.png`;
  await uploadThroughApi(page, await pngFile(name));
  await page.goto('/admin/create');
  const card = page.getByRole('region', { name: 'Feature image' });
  await card.getByRole('button', { name: 'Choose feature image' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a feature image' });
  await expect(dialog.getByLabel('Choose an image')).toBeVisible();
  await expectNoViolations(page);
  await dialog.getByRole('tab', { name: 'Library' }).click();
  await dialog.getByLabel('Search images').fill(name);
  await dialog.getByRole('button', { name: new RegExp(name) }).click();
  await expect(card.getByText('This image has no alt text yet')).toBeVisible();
  await expect(card.getByTestId('feature-image-preview').locator('img')).toBeVisible();
  await expectNoViolations(page);
});

test('the dashboard works from the keyboard: tabs by arrow keys, visible focus', async ({ page }) => {
  await login(page);
  await page.getByRole('tab', { name: 'Overview' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Automation' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Automation' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/admin\/automation$/);
  const outline = await page.getByRole('tab', { name: 'Automation' }).evaluate((el) => getComputedStyle(el).boxShadow);
  expect(outline).not.toBe('none');
});

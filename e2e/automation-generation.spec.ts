import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { login } from './fixtures.ts';

function toasts(page: Page) {
  return page.getByRole('region', { name: /Notifications/ });
}

async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.beforeEach(async ({ page }) => {
  await login(page);
});

test('Generate Now creates a draft that shows under Drafts, and the status cards move', async ({ page }) => {
  await page.goto('/admin/automation');
  await expect(page.getByRole('heading', { name: 'Automation', level: 2 })).toBeVisible();
  // The server's slot clock may already have run today's slot (a weekday after 09:00), so read the status first.
  const status = (await (await page.request.get('/api/automation/status')).json()) as {
    lastRun: string | null;
    dailyTopicsRemaining: number;
  };
  await expect(page.getByText(status.lastRun ? /^Last run: / : 'Never run')).toBeVisible();
  const dailyCard = page.getByRole('group', { name: 'Daily Topics', exact: true });
  const count = dailyCard.locator('p.text-2xl');
  await expect(count).toHaveText(String(status.dailyTopicsRemaining));
  await expect(page.getByRole('list', { name: 'Weekly schedule' }).getByRole('listitem')).toHaveCount(7);

  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/api/automation/daily-post') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Generate Now' }).click();
  const res = await answer;
  expect(res.status()).toBe(201);
  const post = (await res.json()) as { id: number; title: string; published: boolean; aiGenerated: boolean };
  expect(post).toMatchObject({ published: false, aiGenerated: true });

  await expect(toasts(page).getByText('Daily Post Generated')).toBeVisible();
  await expect(count).toHaveText(String(status.dailyTopicsRemaining - 1));
  await expect(page.getByText('Never run')).toHaveCount(0);
  await expect(page.getByText(/^Last run: /)).toBeVisible();

  await page.getByRole('tab', { name: 'Overview' }).click();
  await page.getByRole('group', { name: 'Filter posts' }).getByRole('button', { name: 'Drafts' }).click();
  await expect(page.getByRole('heading', { name: post.title, level: 3 })).toBeVisible();
});

test('Generate Deep Dive shows its toast and counts down the Deep Dive queue', async ({ page }) => {
  await page.goto('/admin/automation');
  const deepCard = page.getByRole('group', { name: 'Deep Dive Topics', exact: true });
  const before = Number((await deepCard.locator('p.text-2xl').textContent()) ?? '0');
  await page.getByRole('button', { name: 'Generate Deep Dive' }).click();
  await expect(toasts(page).getByText('Deep Dive Generated')).toBeVisible();
  await expect(deepCard.locator('p.text-2xl')).toHaveText(String(before - 1));
  const runs = page.getByRole('list', { name: 'Recent runs' });
  await expect(runs.getByRole('listitem').first()).toContainText('Deep Dive · manual');
  await expect(runs.getByRole('listitem').first()).toContainText('Draft created');
  await expectNoViolations(page);
});

test('the pause switch pauses and resumes the schedule', async ({ page }) => {
  await page.goto('/admin/automation');
  const active = page.getByRole('switch', { name: 'Scheduled generation' });
  await expect(active).toBeChecked();
  await active.click();
  await expect(toasts(page).getByText('Automation Paused')).toBeVisible();
  await expect(page.getByText('Paused', { exact: true }).first()).toBeVisible();
  await expect(active).not.toBeChecked();
  await active.click();
  await expect(active).toBeChecked();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
});

test('AI Expert Writers needs a writer and a topic, then fills the Manual Editor', async ({ page }) => {
  await page.goto('/admin/create');
  await page.getByRole('tab', { name: 'AI Expert Writers' }).click();
  await page.getByRole('button', { name: 'Generate Content' }).click();
  await expect(page.getByText('Please select a writer')).toBeVisible();
  await expect(page.getByText('Topic is required')).toBeVisible();
  await expectNoViolations(page);

  await page.getByRole('radio', { name: /Ingrid Solvik/ }).check();
  await page.getByLabel('Topic').fill('Open banking fees under PSD3');
  await page.getByRole('button', { name: 'Generate Content' }).click();

  await expect(toasts(page).getByText('Content Generated')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Manual Editor' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Open banking fees under PSD3');
  await expect(page.getByLabel('Excerpt')).toHaveValue(/^An outline for a Deal Watch piece by Ingrid Solvik/);
  await expect(page.getByLabel('Content', { exact: true })).toHaveValue(/## Deal Structure and Terms/);
  await expect(page.getByLabel('Tags')).toHaveValue('Deal Watch, AI-assisted, Outline');
  await expect(page.getByLabel('Author name')).toHaveValue('Ingrid Solvik');
});

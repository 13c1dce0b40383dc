import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { login } from './fixtures.ts';

function toasts(page: Page) {
  return page.getByRole('region', { name: /Notifications/ });
}

test.beforeEach(async ({ page }) => {
  await login(page);
});

test('the seeded samples are listed; a new workflow runs to completed with its log, and can be disabled', async ({
  page,
}) => {
  await page.goto('/admin/workflows');
  for (const name of ['Auto-Publish Schedule', 'Content Backup', 'SEO Optimization Check']) {
    await expect(page.getByRole('heading', { name, level: 3 })).toBeVisible();
  }

  await page.getByRole('button', { name: 'Create Workflow' }).click();
  // The form's defaults: manual trigger, one publish action, enabled.
  await expect(page.getByLabel('Trigger')).toHaveText('Manual');
  await expect(page.getByLabel('Step 1', { exact: true })).toHaveText('Publish drafts');
  await expect(page.getByRole('switch', { name: 'Enabled' })).toBeChecked();
  await page.getByRole('button', { name: 'Create Workflow' }).click();
  await expect(page.getByText('Workflow name is required')).toBeVisible();
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.map((v) => v.id)).toEqual([]);

  const name = `E2E notify ${Date.now()}`;
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Step 1', { exact: true }).click();
  await page.getByRole('option', { name: 'Notify' }).click();
  await page.getByLabel('Recipients').fill('editor');
  await page.getByRole('button', { name: 'Create Workflow' }).click();
  await expect(toasts(page).getByText('Workflow Created', { exact: true })).toBeVisible();

  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, level: 3 }) });
  await expect(card.getByTestId('workflow-status')).toHaveText('idle');
  await card.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(toasts(page).getByText('Workflow Started', { exact: true })).toBeVisible();
  await expect(card.getByTestId('workflow-status')).toHaveText('completed');
  await expect(card.getByTestId('workflow-executions')).toHaveText('1');

  await card.getByRole('button', { name: 'Run log' }).click();
  const log = card.getByRole('list', { name: 'Run log' });
  await expect(log.getByText('completed')).toBeVisible();
  await expect(log.getByText(/Notification #\d+ created for editor/)).toBeVisible();

  await card.getByRole('switch', { name: `Disable ${name}` }).click();
  await expect(toasts(page).getByText('Workflow Disabled', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Run', exact: true })).toBeDisabled();
});

import { expect, test, type Page } from '@playwright/test';
import { login } from './fixtures.ts';

function toasts(page: Page) {
  return page.getByRole('region', { name: /Notifications/ });
}

test.beforeEach(async ({ page }) => {
  await login(page);
});

test('the three built-in templates are listed with their read times and usage', async ({ page }) => {
  await page.goto('/admin/templates');
  for (const [name, minutes] of [
    ['Analysis Drop', 6],
    ['Startup Radar', 8],
    ['Deep Dive', 12],
  ] as const) {
    const card = page.getByRole('article', { name, exact: true });
    await expect(card).toContainText(`${minutes} min read`);
    await expect(card).toContainText(/Used \d+ times/);
  }
});

test('templates: validation, create, edit, use and delete', async ({ page }) => {
  await page.goto('/admin/templates');
  await page.getByRole('button', { name: 'Create Template' }).click();
  await page.getByRole('button', { name: 'Create Template' }).click();
  for (const message of ['Template name is required', 'Title template is required', 'Content template is required']) {
    await expect(page.getByText(message)).toBeVisible();
  }

  const name = `Weekly brief ${Date.now()}`;
  const content = `## [Topic] in one paragraph\n\n${'Explain the [Topic] for readers in the Nordics. '.repeat(8)}`;
  await page.getByLabel('Template Name').fill(name);
  await expect(page.getByLabel('Category')).toHaveText('Analysis Drop');
  await page.getByLabel('Title Template').fill('[Topic]: the weekly brief');
  await page.getByLabel('Content Template').fill(content);
  await page.getByLabel('Tags').fill(' Brief, , Weekly ');
  await page.getByLabel('Read Time (minutes)').fill('4');
  await page.getByRole('button', { name: 'Create Template' }).click();
  await expect(toasts(page).getByText('Template Created', { exact: true })).toBeVisible();

  const card = page.getByRole('article', { name });
  await expect(card).toContainText('Used 0 times');
  await expect(card).toContainText('4 min read');
  await expect(card.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['Brief', 'Weekly']);
  // The preview is the first 200 characters followed by an ellipsis.
  await expect(card).toContainText(`${content.slice(0, 200).trimEnd().split('\n').pop()}...`);

  await card.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(page.getByLabel('Template Name')).toHaveValue(name);
  const renamed = `${name} v2`;
  await page.getByLabel('Template Name').fill(renamed);
  await page.getByRole('button', { name: 'Update Template' }).click();
  await expect(toasts(page).getByText('Template Updated', { exact: true })).toBeVisible();
  const renamedCard = page.getByRole('article', { name: renamed });
  await expect(renamedCard).toBeVisible();

  await renamedCard.getByRole('button', { name: `Use ${renamed}` }).click();
  await expect(toasts(page).getByText('Template Applied', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/create$/);
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('[Topic]: the weekly brief');
  // The form trims what it stores.
  await expect(page.getByLabel('Content')).toHaveValue(content.trim());
  await expect(page.getByLabel('Tags')).toHaveValue('Brief, Weekly');
  await expect(page.getByLabel('Read Time (minutes)')).toHaveValue('4');
  await expect(page.getByLabel('Category')).toHaveText('Analysis Drop');

  await page
    .getByRole('button', { name: 'Discard changes' })
    .or(page.getByRole('link', { name: 'Back to Dashboard' }))
    .first()
    .click();
  await page.goto('/admin/templates');
  await expect(page.getByRole('article', { name: renamed })).toContainText('Used 1 times');

  await page
    .getByRole('article', { name: renamed })
    .getByRole('button', { name: `Delete ${renamed}` })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toasts(page).getByText('Template Deleted', { exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: renamed })).toHaveCount(0);
});

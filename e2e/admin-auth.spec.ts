import { expect, test, type Page } from '@playwright/test';
import { ADMIN, login } from './fixtures.ts';

/** The toast region (Radix announces each toast a second time in a hidden status element). */
function toasts(page: Page) {
  return page.getByRole('region', { name: /Notifications/ });
}

test.describe('admin login', () => {
  test('shows the spec’s messages for missing fields and for wrong credentials', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByLabel('Username')).toBeVisible();
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('Username and password are required.');

    await page.getByLabel('Username').fill('admin');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('Username and password are required.');

    // A made-up user name keeps the real account's failure counter untouched.
    await page.getByLabel('Username').fill(`intruder-${Date.now()}`);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password.');
    await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  });

  test('signs in to the dashboard, and a signed-in visitor sees Admin Access Granted', async ({ page }) => {
    await page.goto('/admin');
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByText(`Signed in as ${ADMIN.username}`)).toBeVisible();
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
      await expect(page.getByRole('tab', { name: tab, exact: true })).toBeVisible();
    }

    await page.goto('/admin/login');
    await expect(page.getByRole('heading', { name: 'Admin Access Granted' })).toBeVisible();
    await expect(page.getByText(`Welcome back, ${ADMIN.username}.`)).toBeVisible();
    await page.getByRole('link', { name: 'Go to Admin Panel' }).click();
    await expect(page).toHaveURL(/\/admin\/?$/);
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  test('logout ends the session and goes to the public site', async ({ page }) => {
    await login(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    const status = await page.request.get('/api/auth/status');
    expect(await status.json()).toEqual({ authenticated: false, admin: null });
  });

  test('every tab renders its panel at its own address', async ({ page }) => {
    await login(page);
    for (const tab of [
      'Automation',
      'Analytics',
      'Performance',
      'Scheduler',
      'Templates',
      'Workflows',
      'SEO',
      'Overview',
    ]) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await expect(page.getByRole('tabpanel', { name: tab })).not.toBeEmpty();
      await expect(page).toHaveURL(tab === 'Overview' ? /\/admin$/ : new RegExp(`/admin/${tab.toLowerCase()}$`));
    }
    await page.goto('/admin/no-such-tab');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  });
});

test('a session expiring mid-edit loses nothing: log in again and the content is still there', async ({
  page,
  context,
}) => {
  await login(page);
  await page.getByRole('link', { name: 'Create Post' }).click();
  const title = `Session expiry ${Date.now()}`;
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Excerpt').fill('Written while the session ran out.');
  await page.getByLabel('Content').fill('## Still here\n\nEvery word typed before the session expired.');
  await page.getByLabel('Author Name').fill('Dr. Astrid Lindqvist');
  await page.getByLabel('Category').click();
  await page.getByRole('option', { name: 'Deep Dive' }).click();

  await context.clearCookies();
  await page.getByRole('button', { name: 'Create Post' }).click();

  // The login screen takes over at the same address.
  await expect(page.getByLabel('Username')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/create$/);
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();

  // The words typed before the session ended are offered back.
  const offer = page.getByRole('region', { name: 'Unsaved changes found' });
  await expect(offer).toContainText('kept in this browser');
  await offer.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  await expect(page.getByLabel('Excerpt')).toHaveValue('Written while the session ran out.');
  await expect(page.getByLabel('Content')).toHaveValue('## Still here\n\nEvery word typed before the session expired.');
  await expect(page.getByLabel('Category')).toHaveText('Deep Dive');

  // A reload keeps it too (the draft lives in localStorage, and now on the server, until saved).
  await page.reload();
  await page.getByRole('region', { name: 'Unsaved changes found' }).getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);

  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(toasts(page).getByText('Post created successfully', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  // Saved: the draft is gone, so a new post starts empty.
  await page.getByRole('link', { name: 'Create Post' }).click();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('');
});

import { expect, test } from '@playwright/test';

const LINKS = [
  ['Home', '/'],
  ['AI Analysis', '/analysis'],
  ['Startups', '/startups'],
  ['Deep Dives', '/deep-dive'],
  ['Deal Watch', '/deal-watch'],
  ['Energy', '/energy'],
  ['Architecture', '/architecture'],
  ['About', '/about'],
] as const;

test.describe('site header', () => {
  test('top links go to their pages and the current one is highlighted', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [label, href] of LINKS) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${href === '/' ? '/$' : `${href}$`}`));
      const current = page.getByRole('navigation', { name: 'Main' }).locator('[aria-current="page"]');
      await expect(current).toHaveText(label);
    }
    await expect(page.getByRole('banner').getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  test('header search loads home with the trimmed ?search and refuses a blank term', async ({ page }) => {
    await page.goto('/about');
    const box = page.getByPlaceholder('Search articles...');
    await box.fill('   ');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/about$/);
    await box.fill('  payments  ');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/\?search=payments$/);
    await expect(page.getByPlaceholder('Search posts...')).toHaveValue('payments');
  });

  test.describe('at 375 px', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('the mobile menu holds the links, a search box and Admin, and closes on a link', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
      await expect(page.getByPlaceholder('Search articles...')).toBeHidden();
      const toggle = page.locator('summary', { hasText: 'Menu' });
      await toggle.click();
      const menu = page.getByRole('navigation', { name: 'Mobile' });
      await expect(menu).toBeVisible();
      for (const [label] of LINKS) await expect(menu.getByRole('link', { name: label, exact: true })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Admin' })).toBeVisible();
      await expect(menu.getByPlaceholder('Search...')).toBeVisible();
      await menu.getByRole('link', { name: 'Deal Watch' }).click();
      await expect(page).toHaveURL(/\/deal-watch$/);
      await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
      await page.locator('summary', { hasText: 'Menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Mobile' }).locator('[aria-current="page"]')).toHaveText(
        'Deal Watch',
      );
    });

    test('the mobile search box submits to home', async ({ page }) => {
      await page.goto('/status');
      await page.locator('summary', { hasText: 'Menu' }).click();
      const box = page.getByPlaceholder('Search...');
      await box.fill('AI Act');
      await box.press('Enter');
      await expect(page).toHaveURL(/\/\?search=AI\+Act$/);
    });
  });
});

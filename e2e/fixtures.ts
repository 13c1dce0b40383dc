import { expect, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';

export const ADMIN = { username: 'admin', password: 'e2e-password-123' } as const;

/** Signs in through the real login form and waits for the dashboard. */
export async function login(page: Page): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}

/** Signs in through the API only, sharing the cookie with the page's context. */
export async function apiLogin(page: Page): Promise<void> {
  const res = await page.request.post('/api/auth/login', {
    data: ADMIN,
    headers: { Origin: baseURL },
  });
  expect(res.ok()).toBeTruthy();
}

import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { Media } from 'content-schema/media';
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

/** A PNG of one colour: a real image for the server to process (small, so the journeys stay quick). */
export function png(width: number, height: number, r: number, g: number, b: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
}

/** A file as Playwright hands it to a file field or a request. */
export interface FileSpec {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A 640 × 480 PNG named `name`, of a shade of blue. */
export const pngFile = async (name: string, shade = 90): Promise<FileSpec> => ({
  name,
  mimeType: 'image/png',
  buffer: await png(640, 480, shade, 120, 200),
});

/** Adds the file to the media library through the API (the page's session must be signed in). */
export async function uploadThroughApi(page: Page, file: FileSpec): Promise<Media> {
  const res = await page.request.post('/api/media', {
    headers: { Origin: baseURL, 'Content-Type': file.mimeType, 'X-File-Name': encodeURIComponent(file.name) },
    data: file.buffer,
  });
  expect(res.status()).toBe(201);
  return res.json();
}

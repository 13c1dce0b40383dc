import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { login } from './fixtures.ts';

function toasts(page: Page) {
  return page.getByRole('region', { name: /Notifications/ });
}

async function createDraft(page: Page, title: string): Promise<{ id: number; title: string }> {
  const res = await page.request.post('/api/posts', {
    headers: { Origin: baseURL },
    data: {
      title,
      excerpt: 'A draft waiting for its publication time.',
      content: 'Scheduled body.',
      category: 'Deal Watch',
      tags: [],
      authorName: 'Dr. Astrid Lindqvist',
      readTime: 3,
      published: false,
    },
  });
  expect(res.status()).toBe(201);
  return res.json();
}

/** UTC offset of a zone on a day, from the browser-independent Intl data, e.g. '-05:00'. */
function zoneOffset(timeZone: string, year: number, month: number, day: number): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(Date.UTC(year, month - 1, day, 12)))
    .find((p) => p.type === 'timeZoneName')?.value;
  const offset = name?.replace('GMT', '') ?? '';
  return offset === '' ? '+00:00' : offset;
}

test.beforeEach(async ({ page }) => {
  await login(page);
});

test('scheduling 09:00 America/New_York on a chosen date stores that instant; cancel shows Schedule Canceled', async ({
  page,
}) => {
  const draft = await createDraft(page, `Scheduled ${Date.now()}`);
  await page.goto('/admin/scheduler');

  await page.getByLabel('Draft post').click();
  await page.getByRole('option', { name: draft.title }).click();

  // The 15th of next month: always in the future and always a real day.
  const now = new Date();
  const chosen = new Date(now.getFullYear(), now.getMonth() + 1, 15);
  const monthName = chosen.toLocaleString('en-US', { month: 'long' });
  await page.getByRole('button', { name: 'Publication date Pick a date' }).click();
  await page.getByRole('button', { name: 'Go to the Next Month' }).click();
  await page.getByRole('button', { name: new RegExp(`${monthName} 15th, ${chosen.getFullYear()}`) }).click();
  await expect(page.getByLabel('Publication date')).toContainText(`${monthName} 15, ${chosen.getFullYear()}`);

  await page.getByLabel('Time', { exact: true }).fill('09:00');
  await expect(page.getByLabel('Timezone')).toHaveText('Europe/Stockholm');
  await page.getByLabel('Timezone').click();
  await page.getByRole('option', { name: 'America/New_York' }).click();
  await page.getByRole('button', { name: 'Schedule Post' }).click();

  await expect(toasts(page).getByText('Post Scheduled', { exact: true })).toBeVisible();
  await expect(toasts(page).getByText('Your post has been scheduled for publication.')).toBeVisible();
  // The form resets.
  await expect(page.getByRole('button', { name: 'Publication date Pick a date' })).toBeVisible();

  const ymd = `${chosen.getFullYear()}-${String(chosen.getMonth() + 1).padStart(2, '0')}-15`;
  const expected = new Date(
    `${ymd}T09:00:00${zoneOffset('America/New_York', chosen.getFullYear(), chosen.getMonth() + 1, 15)}`,
  );
  const rows: { postId: number; publishDate: string; timezone: string; status: string }[] = await (
    await page.request.get('/api/scheduled-posts')
  ).json();
  const row = rows.find((r) => r.postId === draft.id);
  expect(row).toMatchObject({ timezone: 'America/New_York', status: 'scheduled' });
  expect(new Date(row!.publishDate).toISOString()).toBe(expected.toISOString());

  // The list shows the time in the zone it was chosen in.
  const item = page.getByRole('listitem').filter({ hasText: draft.title });
  await expect(item).toContainText('09:00');
  await expect(item).toContainText('America/New_York');
  await expect(item.getByText('scheduled', { exact: true })).toBeVisible();

  await item.getByRole('button', { name: `Cancel schedule for ${draft.title}` }).click();
  await expect(toasts(page).getByText('Schedule Canceled', { exact: true })).toBeVisible();
  await expect(toasts(page).getByText('The scheduled post has been canceled.')).toBeVisible();
  await expect(item.getByText('canceled', { exact: true })).toBeVisible();
  await expect(item.getByRole('button', { name: /Cancel schedule/ })).toHaveCount(0);
});

test('scheduling without a date shows Date Required', async ({ page }) => {
  const draft = await createDraft(page, `Undated ${Date.now()}`);
  await page.goto('/admin/scheduler');
  await page.getByLabel('Draft post').click();
  await page.getByRole('option', { name: draft.title }).click();
  await page.getByRole('button', { name: 'Schedule Post' }).click();
  await expect(toasts(page).getByText('Date Required', { exact: true })).toBeVisible();
  await expect(toasts(page).getByText('Please select a publication date.')).toBeVisible();
});

test('with nothing scheduled the list says so', async ({ page }) => {
  await page.route('**/api/scheduled-posts', (route) => route.fulfill({ json: [] }));
  await page.goto('/admin/scheduler');
  await expect(page.getByText('No posts scheduled')).toBeVisible();
});

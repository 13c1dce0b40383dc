import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { MIN_FILL_MS } from 'content-schema/messages';
import { baseURL } from '../playwright.config.ts';
import { login } from './fixtures.ts';
import { publishedPosts, wakeForm } from './site-helpers.ts';

/**
 * Opens a reader form, fills it, lets a person's time pass since the page was served (real time: the server measures
 * it from the page's stamp), sends it.
 */
async function sendForm(page: Page, path: string, fill: () => Promise<void>, button: string) {
  await page.goto(path);
  await wakeForm(page);
  await fill();
  await page.waitForTimeout(MIN_FILL_MS + 500);
  const posted = page.waitForResponse((r) => r.url().endsWith('/api/messages') && r.request().method() === 'POST');
  await page.getByRole('button', { name: button }).click();
  expect((await posted).status()).toBe(201);
}

test('messages sent through the three reader forms arrive in the Inbox, where the editor triages them', async ({
  browser,
  page,
}) => {
  const run = Date.now();
  const [post] = await publishedPosts(page.request);

  // A reader, in a browser of their own (no session).
  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  await sendForm(
    reader,
    '/contact',
    async () => {
      await reader.getByLabel('Full Name').fill('Ada Reader');
      await reader.getByLabel('Email', { exact: true }).fill('ada@example.com');
      await reader.getByLabel('Message Type').selectOption('collaboration');
      await reader.getByLabel('Subject').fill(`Partnership ${run}`);
      await reader.getByLabel('Message', { exact: true }).fill('Shall we work together on grid data?');
    },
    'Send Message',
  );
  await sendForm(
    reader,
    '/tip',
    async () => {
      await reader.getByLabel('Story Subject').fill(`Permit leak ${run}`);
      await reader.getByLabel('Urgency Level').selectOption('high');
      await reader.getByLabel('Detailed Information').fill('A permit was granted without a grid study.');
      await reader.getByLabel(/Contact Information/).fill('signal: @tipster');
    },
    'Submit Tip',
  );
  await sendForm(
    reader,
    `/corrections?article=${post!.slug}`,
    async () => {
      await reader.getByLabel('Correction Details').fill(`The figure in paragraph two is wrong (${run}).`);
    },
    'Submit Correction',
  );
  // The Inbox is not for readers.
  expect((await reader.request.get('/api/messages')).status()).toBe(401);
  await readerContext.close();

  // The editor.
  await login(page);
  const inboxLink = page.getByRole('link', { name: /^Inbox/ });
  await expect(inboxLink).toBeVisible();
  await expect(page.getByTestId('inbox-count')).toBeVisible();
  // The new messages raised one grouped notification, not one each.
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const notice = page.getByTestId('notification').filter({ hasText: 'New Reader Message' });
  await expect(notice).toHaveCount(1);
  await expect(notice.getByTestId('notification-group-count')).toContainText(/\d+ times, latest:/);
  await page.keyboard.press('Escape');

  await inboxLink.click();
  await expect(page).toHaveURL(/\/admin\/inbox$/);
  await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
  const items = page.getByTestId('inbox-item');
  await expect(items.filter({ hasText: `Partnership ${run}` })).toContainText('Ada Reader');
  await expect(items.filter({ hasText: `Permit leak ${run}` })).toContainText('Unread');

  // Filters.
  const filters = page.getByRole('region', { name: 'Messages' });
  await filters.getByLabel('Type').selectOption('tip');
  await expect(page).toHaveURL(/type=tip/);
  await expect(items.filter({ hasText: `Partnership ${run}` })).toHaveCount(0);
  await items
    .filter({ hasText: `Permit leak ${run}` })
    .getByRole('button')
    .click();
  const detail = page.getByRole('region', { name: 'Message details' });
  await expect(detail.getByRole('heading', { name: `Permit leak ${run}` })).toBeVisible();
  await expect(detail).toContainText('signal: @tipster');
  await expect(detail).toContainText('High');
  await expect(detail).toContainText('A permit was granted without a grid study.');
  // Opening it marked it read.
  await expect(items.filter({ hasText: `Permit leak ${run}` })).not.toContainText('Unread');

  // Status and notes, kept on the server.
  await detail.getByLabel('Status').selectOption('in_progress');
  await detail.getByLabel('Notes').fill('Called the municipality.');
  await detail.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Message updated', { exact: true })).toBeVisible();
  await page.reload();
  await expect(detail.getByLabel('Status')).toHaveValue('in_progress');
  await expect(detail.getByLabel('Notes')).toHaveValue('Called the municipality.');
  await filters.getByLabel('Status').selectOption('in_progress');
  await expect(items.filter({ hasText: `Permit leak ${run}` })).toContainText('In progress');

  // A correction request links to its article and straight to recording a correction on it.
  await filters.getByLabel('Type').selectOption('correction');
  await filters.getByLabel('Status').selectOption('');
  await items.filter({ hasText: post!.slug }).first().getByRole('button').click();
  await expect(detail).toContainText(`The figure in paragraph two is wrong (${run}).`);
  await expect(detail.getByRole('link', { name: `/post/${post!.slug}` })).toHaveAttribute(
    'href',
    `/post/${post!.slug}`,
  );
  const { id: postId } = (await (await page.request.get(`/api/posts/slug/${post!.slug}`)).json()) as { id: number };
  const record = detail.getByRole('link', { name: 'Record a correction' });
  await expect(record).toHaveAttribute('href', `/admin/edit/${postId}#corrections`);

  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.map((v) => v.id)).toEqual([]);

  await record.click();
  await expect(page).toHaveURL(new RegExp(`/admin/edit/${postId}#corrections$`));
});

test('the retention period is a setting the editor can change', async ({ page }) => {
  await login(page);
  await page.goto('/admin/inbox');
  const days = page.getByLabel('Keep messages for (days)');
  await expect(days).toHaveValue(/\d+/);
  const before = await days.inputValue();
  await days.fill('0');
  await page.getByRole('form', { name: 'Retention' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Retention must be at least 1 day')).toBeVisible();
  await days.fill('400');
  await page.getByRole('form', { name: 'Retention' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Retention saved', { exact: true })).toBeVisible();
  const res = await page.request.get('/api/messages/settings');
  expect(await res.json()).toEqual({ retentionDays: 400 });
  // Put it back for the other journeys.
  const reset = await page.request.put('/api/messages/settings', {
    headers: { Origin: baseURL },
    data: { retentionDays: Number(before) },
  });
  expect(reset.ok()).toBeTruthy();
});

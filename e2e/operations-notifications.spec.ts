import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { login } from './fixtures.ts';

test('a scheduled publication raises a notification in the bell; it can be read, followed and removed', async ({
  page,
}) => {
  await login(page);
  const title = `Scheduled for the bell ${Date.now()}`;
  const created = await page.request.post('/api/posts', {
    headers: { Origin: baseURL },
    data: {
      title,
      excerpt: 'A draft that the scheduler publishes a few seconds from now.',
      content: 'Body.',
      category: 'Deal Watch',
      tags: [],
      authorName: 'Dr. Astrid Lindqvist',
      readTime: 3,
      published: false,
    },
  });
  expect(created.status()).toBe(201);
  const post = await created.json();
  const scheduled = await page.request.post('/api/schedule-post', {
    headers: { Origin: baseURL },
    data: { postId: post.id, publishDateTime: new Date(Date.now() + 3000).toISOString(), timezone: 'Europe/Stockholm' },
  });
  expect(scheduled.status()).toBe(201);

  // Wait for the scheduler on the server, then open the panel (which refreshes the list).
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/scheduled-posts')).json()) as { postId: number; status: string }[]).find(
          (s) => s.postId === post.id,
        )?.status,
      {
        timeout: 20_000,
      },
    )
    .toBe('published');
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const item = page
    .getByTestId('notification')
    .filter({ hasText: 'Scheduled Post Published' })
    .filter({ hasText: title });
  await expect(item.getByText('Scheduled Post Published')).toBeVisible();
  await expect(item.getByText('Just now')).toBeVisible();
  await expect(page.getByTestId('notification-count')).toBeVisible();
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.map((v) => v.id)).toEqual([]);

  await item.getByRole('button', { name: 'Mark “Scheduled Post Published” as read' }).click();
  await expect(item.getByRole('button', { name: /as read/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect(page.getByTestId('notification-count')).toHaveCount(0);

  await item.getByRole('button', { name: 'Remove “Scheduled Post Published”' }).click();
  await expect(item).toHaveCount(0);

  // The publication also ran the seeded 'SEO Optimization Check' workflow; its notification links to the run log.
  const workflowItem = page.getByTestId('notification').filter({ hasText: 'SEO Optimization Check' }).first();
  await workflowItem.getByRole('button', { name: 'View run log' }).click();
  await expect(page).toHaveURL(/\/admin\/workflows$/);
  await expect(page.getByRole('heading', { name: 'SEO Optimization Check', level: 3 })).toBeVisible();
});

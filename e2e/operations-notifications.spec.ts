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

test('notification links lead to the flagged post, and say so once a published post is deleted', async ({ page }) => {
  await login(page);
  const title = `Scheduled then deleted ${Date.now()}`;
  const created = await page.request.post('/api/posts', {
    headers: { Origin: baseURL },
    data: {
      title,
      excerpt: 'A short draft the scheduler publishes, the SEO check flags, and the editor then deletes.',
      content: 'Body.',
      category: 'Deal Watch',
      tags: [],
      authorName: 'Dr. Astrid Lindqvist',
      readTime: 3,
      published: false,
    },
  });
  const post = (await created.json()) as { id: number };
  await page.request.post('/api/schedule-post', {
    headers: { Origin: baseURL },
    data: { postId: post.id, publishDateTime: new Date(Date.now() + 3000).toISOString(), timezone: 'Europe/Stockholm' },
  });
  const notices = async () =>
    (await (await page.request.get('/api/notifications')).json()) as { title: string; message: string }[];
  await expect
    .poll(async () => (await notices()).some((n) => n.title.startsWith('SEO Check') && n.message.includes(title)), {
      timeout: 20_000,
    })
    .toBe(true);

  // The SEO check ran for this post only, says so, and opens this post rather than the SEO page.
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const seo = page.getByTestId('notification').filter({ hasText: 'SEO Check' }).filter({ hasText: title });
  await expect(seo).toContainText('other articles were not checked');
  await seo.getByRole('button', { name: 'Edit post' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/edit/${post.id}$`));

  // Deleted, its "Scheduled Post Published" notification says so instead of linking to a missing page.
  expect((await page.request.delete(`/api/posts/${post.id}`, { headers: { Origin: baseURL } })).status()).toBe(200);
  await expect
    .poll(
      async () =>
        (await notices()).some((n) => n.message === `“${title}” is now live. The post has since been deleted.`),
      {
        timeout: 20_000,
      },
    )
    .toBe(true);
  await page.goto('/admin');
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const live = page
    .getByTestId('notification')
    .filter({ hasText: 'Scheduled Post Published' })
    .filter({ hasText: title });
  await expect(live).toContainText('The post has since been deleted.');
  await expect(live.getByRole('button', { name: 'View post' })).toHaveCount(0);
  await expect(seo).toContainText('The post has since been deleted.');
  await expect(seo.getByRole('button', { name: 'Edit post' })).toHaveCount(0);
});

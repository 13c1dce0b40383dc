import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { login } from './fixtures.ts';

/** The toast region (Radix announces each toast a second time in a hidden status element). */
function toasts(page: Page) {
  return page.getByRole('region', { name: /Notifications/ });
}

interface CreatedPost {
  id: number;
  slug: string;
  title: string;
  version: number;
}

/** Creates a draft through the API with the page's session. */
async function createDraft(
  page: Page,
  title: string,
  content = '## Section\n\nBody text for the journey.',
): Promise<CreatedPost> {
  const res = await page.request.post('/api/posts', {
    headers: { Origin: baseURL },
    data: {
      title,
      excerpt: 'A post made for a revisions journey.',
      content,
      category: 'Analysis Drop',
      tags: ['one', 'two'],
      authorName: 'Dr. Astrid Lindqvist',
      readTime: 4,
      published: false,
    },
  });
  expect(res.status()).toBe(201);
  return res.json();
}

async function stored(page: Page, id: number) {
  const res = await page.request.get(`/api/posts/${id}`);
  expect(res.ok()).toBeTruthy();
  return res.json();
}

test('typing survives a dead network and a closed tab: reopening the post offers every word back', async ({
  page,
  context,
}) => {
  await login(page);
  const post = await createDraft(page, `Offline journey ${Date.now()}`);
  await page.goto(`/admin/edit/${post.id}`);
  const content = page.getByLabel('Content');
  await expect(content).toHaveValue('## Section\n\nBody text for the journey.');
  const status = page.getByTestId('save-status');

  // Online: the draft is autosaved to the server a moment after typing stops, and the post itself is untouched.
  await content.fill('## Section\n\nA first paragraph, autosaved.');
  await expect(status).toContainText(/Saved \d+ s ago/);
  const copy = await page.request.get(`/api/working-copies/post:${post.id}`);
  expect((await copy.json()).fields.content).toBe('## Section\n\nA first paragraph, autosaved.');
  expect(await stored(page, post.id)).toMatchObject({
    version: 1,
    content: '## Section\n\nBody text for the journey.',
  });

  // The network dies: the status says so honestly, and the words stay in this browser.
  await context.setOffline(true);
  const typed = '## Section\n\nA first paragraph, autosaved.\n\nA second paragraph, typed offline.';
  await content.fill(typed);
  await expect(status).toContainText('Offline: changes kept in this browser');

  // The tab closes while offline; the network comes back later.
  await page.close();
  await context.setOffline(false);

  // After signing in again (here: a new tab), the dashboard offers the unsaved changes autosaved to the server.
  const again = await context.newPage();
  await again.goto('/admin');
  const unsaved = again.getByRole('region', { name: 'Restore unsaved changes' });
  await unsaved.getByRole('link', { name: `Restore unsaved changes to ${post.title}` }).click();
  await expect(again).toHaveURL(new RegExp(`/admin/edit/${post.id}$`));
  const offer = again.getByRole('region', { name: 'Unsaved changes found' });
  await expect(offer).toContainText('kept in this browser');
  // Until a choice is made, the saved post is shown and nothing can be typed over the offered words.
  await expect(again.getByLabel('Content')).toHaveValue('## Section\n\nBody text for the journey.');
  await offer.getByRole('button', { name: 'Restore' }).click();
  await expect(offer).toBeHidden();
  await expect(again.getByLabel('Content')).toHaveValue(typed);
  // Restored words reach the server copy too.
  await expect(again.getByTestId('save-status')).toContainText(/Saved \d+ s ago/);

  await again.getByRole('button', { name: 'Update Post' }).click();
  await expect(toasts(again).getByText('Post updated successfully', { exact: true })).toBeVisible();
  expect(await stored(again, post.id)).toMatchObject({ version: 2, content: typed });
  // Saved: the working copy is gone, and opening the post offers nothing.
  expect((await again.request.get(`/api/working-copies/post:${post.id}`)).status()).toBe(404);
  await again.goto(`/admin/edit/${post.id}`);
  await expect(again.getByLabel('Content')).toHaveValue(typed);
  await expect(again.getByRole('region', { name: 'Unsaved changes found' })).toHaveCount(0);
});

test('two tabs editing one post: the later save gets 409 and a compare view; nothing is silently overwritten', async ({
  page,
  context,
}) => {
  await login(page);
  const post = await createDraft(page, `Two tabs ${Date.now()}`);
  const first = page;
  const second = await context.newPage();
  await first.goto(`/admin/edit/${post.id}`);
  await second.goto(`/admin/edit/${post.id}`);
  await expect(first.getByLabel('Title', { exact: true })).toHaveValue(post.title);
  await expect(second.getByLabel('Title', { exact: true })).toHaveValue(post.title);

  await first.getByLabel('Title', { exact: true }).fill('The title the first tab saved');
  await first.getByRole('button', { name: 'Update Post' }).click();
  await expect(toasts(first).getByText('Post updated successfully', { exact: true })).toBeVisible();

  await second.getByLabel('Excerpt').fill('The excerpt the second tab wrote.');
  await second.getByRole('button', { name: 'Update Post' }).click();
  const compare = second.getByRole('region', { name: 'Compare versions' });
  await expect(compare).toBeVisible();
  await expect(compare).toContainText('saved elsewhere (version 2)');
  // Both sides, field by field: the first tab's title and the second tab's excerpt.
  await expect(compare.locator('del').filter({ hasText: 'The title the first tab saved' })).toBeVisible();
  await expect(compare.locator('ins').filter({ hasText: 'The excerpt the second tab wrote' })).toBeVisible();
  // The refused save changed nothing.
  expect(await stored(second, post.id)).toMatchObject({
    version: 2,
    title: 'The title the first tab saved',
    excerpt: 'A post made for a revisions journey.',
  });

  // Taking theirs brings the first tab's title in; the second tab's excerpt is then typed again and saved.
  await compare.getByRole('button', { name: 'Take theirs' }).click();
  await expect(compare).toBeHidden();
  await expect(second.getByLabel('Title', { exact: true })).toHaveValue('The title the first tab saved');
  await second.getByLabel('Excerpt').fill('The excerpt the second tab wrote.');
  await second.getByRole('button', { name: 'Update Post' }).click();
  await expect(toasts(second).getByText('Post updated successfully', { exact: true })).toBeVisible();
  expect(await stored(second, post.id)).toMatchObject({
    version: 3,
    title: 'The title the first tab saved',
    excerpt: 'The excerpt the second tab wrote.',
  });

  // Keeping mine saves over, knowingly: a third tab's stale save after the compare view.
  const third = await context.newPage();
  await third.goto(`/admin/edit/${post.id}`);
  await expect(third.getByLabel('Title', { exact: true })).toHaveValue('The title the first tab saved');
  const res = await third.request.put(`/api/posts/${post.id}`, {
    headers: { Origin: baseURL },
    data: { version: 3, readTime: 12 },
  });
  expect(res.status()).toBe(200);
  await third.getByLabel('Author Name').fill('Sofie Bergström');
  await third.getByRole('button', { name: 'Update Post' }).click();
  const again = third.getByRole('region', { name: 'Compare versions' });
  await expect(again).toBeVisible();
  await again.getByRole('button', { name: 'Keep mine and save' }).click();
  await expect(toasts(third).getByText('Post updated successfully', { exact: true })).toBeVisible();
  // Mine, as the compare view showed: my author, and my read time over the one saved in between.
  expect(await stored(third, post.id)).toMatchObject({ version: 5, authorName: 'Sofie Bergström', readTime: 4 });
});

test('a restored revision brings back the earlier text, as a new revision', async ({ page }) => {
  await login(page);
  const original = '## Findings\n\nGrid queues take years to clear.\n\nThe Nordics move first.';
  const post = await createDraft(page, `Revision journey ${Date.now()}`, original);
  const edit = await page.request.put(`/api/posts/${post.id}`, {
    headers: { Origin: baseURL },
    data: { version: 1, content: '## Findings\n\nGrid queues take a decade to clear.' },
  });
  expect(edit.status()).toBe(200);

  await page.goto(`/admin/edit/${post.id}`);
  const list = page.getByRole('list', { name: 'Revisions, newest first' });
  const items = list.getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('Version 2 · Saved');
  await expect(items.nth(0)).toContainText('by admin · Changed: Content');
  await expect(items.nth(1)).toContainText('Version 1 · Created');

  await items.nth(1).getByRole('button', { name: 'Compare version 1' }).click();
  // A readable diff against the current text: the changed words of the changed line, and the lines it would add.
  await expect(
    items
      .nth(1)
      .locator('del')
      .filter({ hasText: /^a decade$/ }),
  ).toBeVisible();
  await expect(
    items
      .nth(1)
      .locator('ins')
      .filter({ hasText: /^years$/ }),
  ).toBeVisible();
  await expect(items.nth(1).getByText('The Nordics move first.')).toBeVisible();

  // Restore asks first: cancelled, nothing changes; confirmed, the earlier text comes back.
  await items.nth(1).getByRole('button', { name: 'Restore version 1' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Restore version 1?' });
  await expect(confirm).toContainText('saved as a new revision');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(items).toHaveCount(2);
  expect(await stored(page, post.id)).toMatchObject({ version: 2 });
  await items.nth(1).getByRole('button', { name: 'Restore version 1' }).click();
  await confirm.getByRole('button', { name: 'Restore' }).click();
  await expect(toasts(page).getByText('Revision restored', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Content')).toHaveValue(original);
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText('Version 3 · Restored');
  expect(await stored(page, post.id)).toMatchObject({ version: 3, content: original });
});

test('an edit of a middle line shows only that line changed, whatever the text ends with', async ({ page }) => {
  await login(page);
  // The API stores a body trimmed; the editor's text here ends with a line break, as after pressing Enter last.
  const post = await createDraft(page, `Middle line journey ${Date.now()}`, 'First line.\nMiddle line.\nLast line.');
  await page.goto(`/admin/edit/${post.id}`);
  await page.getByLabel('Content').fill('First line.\nMiddle line, edited.\nLast line.\n');

  const item = page.getByRole('list', { name: 'Revisions, newest first' }).getByRole('listitem').first();
  await item.getByRole('button', { name: 'Compare version 1' }).click();
  await expect(item.getByText('Removed line:')).toHaveCount(1);
  await expect(item.getByText('Added line:')).toHaveCount(1);
  await expect(item.locator('del').filter({ hasText: /^, edited$/ })).toBeVisible();
  // The unchanged last line is shown once, unmarked.
  await expect(item.getByText('Last line.', { exact: true })).toHaveCount(1);
  await expect(item.locator('del, ins').filter({ hasText: 'Last line.' })).toHaveCount(0);
});

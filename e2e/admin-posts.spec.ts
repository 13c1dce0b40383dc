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
}

/** Creates a draft through the API with the page's session. */
async function createDraft(page: Page, title: string): Promise<CreatedPost> {
  const res = await page.request.post('/api/posts', {
    headers: { Origin: baseURL },
    data: {
      title,
      excerpt: 'A post made for an admin journey.',
      content: '## Section\n\nBody text for the journey.',
      category: 'Analysis Drop',
      tags: ['one', 'two', 'three', 'four'],
      authorName: 'Dr. Astrid Lindqvist',
      readTime: 4,
      published: false,
    },
  });
  expect(res.status()).toBe(201);
  return res.json();
}

function card(page: Page, title: string) {
  return page.getByRole('article', { name: title });
}

test.beforeEach(async ({ page }) => {
  await login(page);
});

test('creating a post in the editor saves a draft that is listed under Drafts', async ({ page }) => {
  await page.getByRole('link', { name: 'Create Post' }).click();
  await expect(page.getByRole('heading', { name: 'Create New Post' })).toBeVisible();

  // The form's own messages first.
  await page.getByLabel('Read Time (minutes)').fill('0');
  await page.getByRole('button', { name: 'Create Post' }).click();
  for (const message of [
    'Title is required',
    'Excerpt is required',
    'Content is required',
    'Category is required',
    'Author name is required',
    'Read time must be at least 1 minute',
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }

  const title = `Editor draft ${Date.now()}`;
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Excerpt').fill('A draft written in the manual editor.');
  await page.getByLabel('Content').fill('## Heading\n\nSome body text.');
  await page.getByLabel('Category').click();
  await page.getByRole('option', { name: 'Startup Radar' }).click();
  await page.getByLabel('Tags').fill(' AI, , Startups ,AI, Nordics, Funding');
  await page.getByLabel('Author Name').fill('Dr. Astrid Lindqvist');
  await page.getByLabel('Read Time (minutes)').fill('7');
  await page.getByRole('button', { name: 'Create Post' }).click();

  await expect(toasts(page).getByText('Post created successfully', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Drafts' }).click();
  const draft = card(page, title);
  await expect(draft).toBeVisible();
  await expect(draft.getByText('Draft', { exact: true })).toBeVisible();
  await expect(draft.getByText('Startup Radar')).toBeVisible();
  await expect(draft.getByText('7 min read')).toBeVisible();
  // Tags were split, trimmed, emptied and de-duplicated; a card shows at most three.
  await expect(draft.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText([
    'AI',
    'Startups',
    'Nordics',
  ]);

  await page.getByRole('button', { name: 'Published' }).click();
  await expect(card(page, title)).toHaveCount(0);
});

test('editing a post saves the changes', async ({ page }) => {
  const post = await createDraft(page, `Before edit ${Date.now()}`);
  await page.reload();
  await card(page, post.title)
    .getByRole('link', { name: `Edit ${post.title}` })
    .click();
  await expect(page.getByRole('heading', { name: 'Edit Post' })).toBeVisible();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(post.title);
  await expect(page.getByLabel('Tags')).toHaveValue('one, two, three, four');

  const renamed = `After edit ${Date.now()}`;
  await page.getByLabel('Title', { exact: true }).fill(renamed);
  await page.getByLabel('Focus Keyword').fill('journey');
  await page.getByRole('button', { name: 'Update Post' }).click();
  await expect(toasts(page).getByText('Post updated successfully', { exact: true })).toBeVisible();
  await expect(card(page, renamed)).toBeVisible();

  const saved = await (await page.request.get(`/api/posts/${post.id}`)).json();
  expect(saved).toMatchObject({ title: renamed, focusKeyword: 'journey' });
});

test('publishing puts the article on the public site and unpublishing takes it down', async ({ page }) => {
  const post = await createDraft(page, `Publish journey ${Date.now()}`);
  await page.reload();
  const postCard = card(page, post.title);
  await postCard.getByRole('button', { name: `Publish ${post.title}` }).click();
  await expect(toasts(page).getByText('Post updated successfully', { exact: true })).toBeVisible();
  await expect(postCard.getByText('Published', { exact: true })).toBeVisible();
  await expect(postCard.getByRole('link', { name: `View ${post.title} on the site` })).toHaveAttribute(
    'href',
    `/post/${post.slug}`,
  );

  await expect
    .poll(async () => (await page.request.get(`/post/${post.slug}`)).status(), { timeout: 30_000, intervals: [250] })
    .toBe(200);
  // The header follows the rebuild it triggered.
  await expect(page.getByText('Public site up to date')).toBeVisible({ timeout: 30_000 });

  await postCard.getByRole('button', { name: `Unpublish ${post.title}` }).click();
  await expect(postCard.getByText('Draft', { exact: true })).toBeVisible();
  await expect
    .poll(async () => (await page.request.get(`/post/${post.slug}`)).status(), { timeout: 30_000, intervals: [250] })
    .toBe(404);
});

test('an unfinished AI draft is refused publication, from the dashboard and the editor, naming what is unfinished', async ({
  page,
}) => {
  const title = `Unfinished outline ${Date.now()}`;
  const res = await page.request.post('/api/posts', {
    headers: { Origin: baseURL },
    data: {
      title,
      excerpt: 'An outline from the AI Expert Writers, not yet written.',
      content: [
        '> **Outline draft.** Replace the prompts with verified writing, and remove this note before publishing.',
        '',
        '## What Happened',
        '',
        'The claim. [Source needed: the regulator’s decision]',
      ].join('\n'),
      category: 'Analysis Drop',
      tags: ['one'],
      authorName: 'Dr. Astrid Lindqvist',
      readTime: 4,
      published: false,
      provenance: 'ai-generated',
    },
  });
  expect(res.status()).toBe(201);
  const post = (await res.json()) as CreatedPost;
  const reason =
    'This draft is unfinished and cannot be published: it still holds 1 “[Source needed]” placeholder, and the ' +
    'generator’s note “Outline draft. Replace the prompts with verified writing, and remove this note before ' +
    'publishing.” Replace or remove them first.';

  // The dashboard's one-click Publish says why not.
  await page.reload();
  await card(page, title)
    .getByRole('button', { name: `Publish ${title}` })
    .click();
  await expect(toasts(page).getByText(reason)).toBeVisible();
  await expect(card(page, title).getByText('Draft', { exact: true })).toBeVisible();

  // The editor shows it on the body.
  await page.goto(`/admin/edit/${post.id}`);
  await page.locator('#post-published').click();
  await page.getByRole('button', { name: 'Update Post' }).click();
  await expect(page.locator('#post-content-error')).toHaveText(reason);
  await expect(page.getByLabel('Content')).toHaveAttribute('aria-invalid', 'true');
  expect(await (await page.request.get(`/api/posts/${post.id}`)).json()).toMatchObject({
    published: false,
    aiGenerated: true,
  });
});

test('deleting asks for confirmation, then removes the post with a toast', async ({ page }) => {
  const post = await createDraft(page, `Delete journey ${Date.now()}`);
  await page.reload();
  await card(page, post.title)
    .getByRole('button', { name: `Delete ${post.title}` })
    .click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(post.title);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(card(page, post.title)).toBeVisible();

  await card(page, post.title)
    .getByRole('button', { name: `Delete ${post.title}` })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toasts(page).getByText('Post deleted successfully', { exact: true })).toBeVisible();
  await expect(card(page, post.title)).toHaveCount(0);
  expect((await page.request.get(`/api/posts/${post.id}`)).status()).toBe(404);
});

test('the toolbar formats the selection and Preview renders it like the site', async ({ page }) => {
  await page.goto('/admin/create');
  const content = page.getByLabel('Content');
  await content.fill('Make this bold please');
  // Select "bold" (characters 10–14).
  await content.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(10, 14));
  await page.getByRole('button', { name: 'Bold' }).click();
  await expect(content).toHaveValue('Make this **bold** please');

  await content.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(0, 0));
  await page.getByRole('button', { name: 'Quote' }).click();
  await expect(content).toHaveValue('> Make this **bold** please');

  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('article', { name: 'Preview' });
  await expect(preview.locator('blockquote strong')).toHaveText('bold');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(content).toBeVisible();
});

test('a body nested too deeply is explained in the preview instead of breaking it', async ({ page }) => {
  await page.goto('/admin/create');
  await page.getByLabel('Content').fill(`${'>'.repeat(40)} too deep`);
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('article', { name: 'Preview' }).getByRole('alert')).toHaveText(
    'Content nests quotes, lists or emphasis too deeply (at most 32 levels)',
  );
});

test('the empty state offers to create the first post', async ({ page }) => {
  // The seeded database is never empty: answer the list with no posts to see the empty state.
  await page.route('**/api/posts?**', (route) => route.fulfill({ json: [] }));
  await page.goto('/admin');
  await expect(page.getByText('No posts found')).toBeVisible();
  await page.getByRole('link', { name: 'Create Your First Post' }).click();
  await expect(page).toHaveURL(/\/admin\/create$/);
});

import { expect, test, type Locator, type Page } from '@playwright/test';
import { MEDIA_ERRORS, missingAltMessage } from 'content-schema/media';
import type { Post } from 'content-schema/post';
import { baseURL } from '../playwright.config.ts';
import { login, pngFile, uploadThroughApi } from './fixtures.ts';

/** Opens a new post in the editor with every field a save needs; answers the Feature image card. */
async function newPost(page: Page, title: string): Promise<Locator> {
  await page.goto('/admin/create');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Excerpt').fill('A post with a feature image.');
  await page.getByLabel('Content').fill('## Heading\n\nSome body text.');
  await page.getByLabel('Category').click();
  await page.getByRole('option', { name: 'Deep Dive' }).click();
  await page.getByLabel('Author Name').fill('Dr. Astrid Lindqvist');
  return page.getByRole('region', { name: 'Feature image' });
}

/** The post the API has under this title. */
async function postTitled(page: Page, title: string): Promise<Post | undefined> {
  const res = await page.request.get(`/api/posts?search=${encodeURIComponent(title)}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as Post[]).find((p) => p.title === title);
}

/** The focal point's two fields, as numbers. */
async function focalPoint(card: Locator): Promise<[number, number]> {
  return [
    Number(await card.getByLabel('Focal point, from the left (%)').inputValue()),
    Number(await card.getByLabel('Focal point, from the top (%)').inputValue()),
  ];
}

test.beforeEach(async ({ page }) => {
  await login(page);
});

test('a feature image is chosen from the library, its focal point set by a click and the keyboard, kept on reload, then removed', async ({
  page,
}) => {
  const run = Date.now();
  const name = `feature-${run}.png`;
  const media = await uploadThroughApi(page, await pngFile(name, 40));
  const described = await page.request.put(`/api/media/${media.id}`, {
    headers: { Origin: baseURL },
    data: { alt: 'A harbour at dawn' },
  });
  expect(described.status()).toBe(200);

  const title = `Feature image ${run}`;
  const card = await newPost(page, title);
  await expect(card.getByText('No feature image.')).toBeVisible();
  await card.getByRole('button', { name: 'Choose feature image' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a feature image' });
  await dialog.getByRole('tab', { name: 'Library' }).click();
  await dialog.getByLabel('Search images').fill(`feature-${run}`);
  await dialog.getByRole('button', { name: new RegExp(name) }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('button', { name: 'Change feature image' })).toBeFocused();

  // The image, named by its alt text, with its focal point in the middle.
  await expect(card.getByRole('img', { name: 'A harbour at dawn' })).toBeVisible();
  await expect(card.getByText(name)).toBeVisible();
  await expect(card.getByText('Focal point: 50 % from the left, 50 % from the top.')).toBeVisible();
  expect(await focalPoint(card)).toEqual([50, 50]);

  // A click on the lower right of the preview moves the point there.
  const preview = card.getByTestId('feature-image-preview');
  const box = (await preview.boundingBox())!;
  await preview.click({ position: { x: Math.round(box.width * 0.8), y: Math.round(box.height * 0.9) } });
  await expect.poll(() => focalPoint(card)).not.toEqual([50, 50]);
  const [x, y] = await focalPoint(card);
  expect(Math.abs(x - 80)).toBeLessThanOrEqual(1);
  expect(Math.abs(y - 90)).toBeLessThanOrEqual(1);
  await expect(card.getByText(`Focal point: ${x} % from the left, ${y} % from the top.`)).toBeVisible();
  await expect(card.getByTestId('focal-point-marker')).toHaveAttribute('style', new RegExp(`left: ${x}%; top: ${y}%`));

  // The arrow keys move it by 5 %.
  await card.getByLabel('Focal point, from the left (%)').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  expect(await focalPoint(card)).toEqual([x - 10, y]);
  await card.getByLabel('Focal point, from the top (%)').fill('30');
  expect(await focalPoint(card)).toEqual([x - 10, 30]);
  await expect(card.getByText(`Focal point: ${x - 10} % from the left, 30 % from the top.`)).toBeVisible();

  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByText('Post created successfully', { exact: true }).first()).toBeVisible();
  const post = (await postTitled(page, title))!;
  expect(post.featureImage).toEqual({ id: media.id, focusX: x - 10, focusY: 30 });

  // Opened again: the image and its focal point are kept.
  await page.goto(`/admin/edit/${post.id}`);
  const again = page.getByRole('region', { name: 'Feature image' });
  await expect(again.getByRole('img', { name: 'A harbour at dawn' })).toBeVisible();
  expect(await focalPoint(again)).toEqual([x - 10, 30]);
  await expect(again.getByText(`Focal point: ${x - 10} % from the left, 30 % from the top.`)).toBeVisible();

  // The revisions compare it in words: the focal point moved since version 1.
  await again.getByLabel('Focal point, from the top (%)').press('ArrowUp');
  expect(await focalPoint(again)).toEqual([x - 10, 35]);
  await page.getByRole('button', { name: 'Compare version 1' }).click();
  const diff = page.getByRole('definition').filter({ hasText: 'this revision:' });
  await expect(diff).toHaveText(
    `the current text: “${name}” (image ${media.id}), focal point ${x - 10} % × 35 %; this revision: “${name}” (image ${media.id}), focal point ${x - 10} % × 30 %`,
  );

  // Removed and saved: none, after a reload too.
  await again.getByRole('button', { name: 'Remove feature image' }).click();
  await expect(again.getByText('No feature image.')).toBeVisible();
  await expect(again.getByRole('button', { name: 'Choose feature image' })).toBeFocused();
  await page.getByRole('button', { name: 'Update Post' }).click();
  await expect(page.getByText('Post updated successfully', { exact: true }).first()).toBeVisible();
  await page.goto(`/admin/edit/${post.id}`);
  await expect(page.getByRole('region', { name: 'Feature image' }).getByText('No feature image.')).toBeVisible();
  expect((await postTitled(page, title))!.featureImage).toBeNull();
  await expect(page.getByRole('list', { name: 'Revisions, newest first' }).getByRole('listitem').first()).toContainText(
    'Changed: Feature Image',
  );
});

test('an uploaded feature image without alt text is pointed out, and publishing is refused with the reason', async ({
  page,
}) => {
  const run = Date.now();
  const name = `no-alt-${run}.png`;
  const title = `Feature without alt ${run}`;
  const card = await newPost(page, title);
  await card.getByRole('button', { name: 'Choose feature image' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a feature image' });
  await dialog.getByLabel('Choose an image').setInputFiles(await pngFile(name, 160));
  await expect(dialog).toBeHidden();
  await expect(card.getByText(name)).toBeVisible();
  await expect(card).toContainText(
    /This image has no alt text yet: add it in Media( \(opens in a new tab\))? before publishing\./,
  );
  const media = (await (await page.request.get(`/api/media?q=${encodeURIComponent(name)}`)).json()) as { id: number }[];
  expect(media).toHaveLength(1);
  await expect(card.getByRole('link', { name: /add it in Media/ })).toHaveAttribute(
    'href',
    `/admin/media/${media[0]!.id}`,
  );

  await page.getByRole('switch', { name: 'Published' }).click();
  await page.getByRole('button', { name: 'Create Post' }).click();
  // Under the body, where the server places it, and at the image it names.
  await expect(page.getByText(missingAltMessage([name]), { exact: true }).first()).toBeVisible();
  await expect(card.getByRole('alert')).toHaveText(missingAltMessage([name]));
  expect(await postTitled(page, title)).toBeUndefined();
});

test('a feature image deleted from the library before the save is refused at the card', async ({ page }) => {
  const run = Date.now();
  const name = `gone-${run}.png`;
  const media = await uploadThroughApi(page, await pngFile(name, 200));
  const card = await newPost(page, `Feature gone ${run}`);
  await card.getByRole('button', { name: 'Choose feature image' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a feature image' });
  await dialog.getByRole('tab', { name: 'Library' }).click();
  await dialog.getByLabel('Search images').fill(name);
  await dialog.getByRole('button', { name: new RegExp(name) }).click();
  await expect(card.getByText(name)).toBeVisible();

  const deleted = await page.request.delete(`/api/media/${media.id}`, { headers: { Origin: baseURL } });
  expect(deleted.ok()).toBe(true);
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(card.getByRole('alert')).toHaveText(MEDIA_ERRORS.featureNotFound);
  // Removing the image (or choosing another) clears the message.
  await card.getByRole('button', { name: 'Remove feature image' }).click();
  await expect(card.getByText('No feature image.')).toBeVisible();
  await expect(card.getByRole('alert')).toHaveCount(0);
});

import { expect, test, type Locator, type Page } from '@playwright/test';
import { MEDIA_ERRORS, type Media } from 'content-schema/media';
import { baseURL } from '../playwright.config.ts';
import { login, png, pngFile, uploadThroughApi, type FileSpec } from './fixtures.ts';

/** The library as the API lists it: ids only, newest first. */
async function libraryIds(page: Page): Promise<number[]> {
  const res = await page.request.get('/api/media');
  expect(res.status()).toBe(200);
  return ((await res.json()) as Media[]).map((m) => m.id);
}

/** Builds a DataTransfer holding the files in the page, for a drop or a paste. */
function transferOf(page: Page, files: FileSpec[]) {
  const data = files.map((f) => ({ name: f.name, type: f.mimeType, base64: f.buffer.toString('base64') }));
  return page.evaluateHandle((specs) => {
    const transfer = new DataTransfer();
    for (const spec of specs) {
      const bytes = Uint8Array.from(atob(spec.base64), (ch) => ch.charCodeAt(0));
      transfer.items.add(new File([bytes], spec.name, { type: spec.type }));
    }
    return transfer;
  }, data);
}

async function paste(page: Page, field: Locator, files: FileSpec[]) {
  const transfer = await transferOf(page, files);
  await field.evaluate((el, clipboardData) => {
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
  }, transfer);
}

/** Opens a new post in the editor with the given body; answers the content field. */
async function newPost(page: Page, body: string): Promise<Locator> {
  await login(page);
  await page.goto('/admin/create');
  const content = page.getByLabel('Content');
  await content.fill(body);
  return content;
}

/** The library number of each reference in the body, in order. */
function referencedIds(body: string): number[] {
  return [...body.matchAll(/\]\(\/media\/(\d+)\)/g)].map((m) => Number(m[1]));
}

test('the Image button uploads an image, asks for its alt text and inserts its reference; the library offers it again', async ({
  page,
}) => {
  const run = Date.now();
  const content = await newPost(page, 'Intro paragraph.');
  await page.getByRole('button', { name: 'Image', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Insert an image' });
  await dialog.getByLabel('Choose images').setInputFiles(await pngFile(`chart-${run}.png`));

  const describe = page.getByRole('dialog', { name: 'Describe the image' });
  const alt = describe.getByLabel(`Alt text for chart-${run}.png`);
  await expect(alt).toHaveValue('');
  // Alt text is required: nothing is inserted without it.
  await describe.getByRole('button', { name: 'Insert' }).click();
  await expect(describe.getByText(/^Alt text is required/)).toBeVisible();
  await expect(alt).toHaveAttribute('aria-invalid', 'true');
  await expect(content).toHaveValue('Intro paragraph.');

  await alt.fill('A bar chart of GPU prices');
  await describe.getByRole('button', { name: 'Insert' }).click();
  await expect(describe).toBeHidden();
  await expect(content).toHaveValue(/^Intro paragraph\.\n\n!\[A bar chart of GPU prices\]\(\/media\/\d+\)$/);
  await expect(content).toBeFocused();
  const [id] = referencedIds(await content.inputValue());
  // The library had no alt text for the new image: it has this one now.
  expect(((await (await page.request.get(`/api/media/${id}`)).json()) as Media).alt).toBe('A bar chart of GPU prices');

  // The library offers it, its alt text filled in; it goes in as a paragraph of its own.
  await page.getByRole('button', { name: 'Image', exact: true }).click();
  await dialog.getByRole('tab', { name: 'Library' }).click();
  await dialog.getByLabel('Search images').fill(`chart-${run}`);
  await expect(dialog.getByTestId('media-item')).toHaveCount(1);
  await dialog.getByRole('button', { name: new RegExp(`chart-${run}\\.png`) }).click();
  await expect(describe.getByLabel(`Alt text for chart-${run}.png`)).toHaveValue('A bar chart of GPU prices');
  await describe.getByRole('button', { name: 'Insert' }).click();
  await expect(content).toHaveValue(
    `Intro paragraph.\n\n![A bar chart of GPU prices](/media/${id})\n\n![A bar chart of GPU prices](/media/${id})`,
  );

  // The preview shows the image: /media/{id} answers with its file.
  await page.getByRole('button', { name: 'Preview' }).click();
  const image = page.getByRole('article', { name: 'Preview' }).getByRole('img', { name: 'A bar chart of GPU prices' });
  await expect(image.first()).toHaveAttribute('src', `/media/${id}`);
  await expect.poll(() => image.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test('images dropped on the content upload four at a time with a progress bar each, then go in with their alt text', async ({
  page,
}) => {
  const run = Date.now();
  const content = await newPost(page, 'Before the pictures.');
  const files = await Promise.all([1, 2, 3, 4, 5].map((n) => pngFile(`drop-${n}-${run}.png`, n * 40)));

  // The server's answers wait until the bars are checked: the uploads stay in flight meanwhile.
  let sent = 0;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/media', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    sent++;
    const response = await route.fetch();
    await held;
    await route.fulfill({ response });
  });
  await content.dispatchEvent('drop', { dataTransfer: await transferOf(page, files) });

  for (const f of files) {
    const bar = page.getByRole('progressbar', { name: `Uploading ${f.name}` });
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute('aria-valuenow', /^\d+$/);
  }
  await expect.poll(() => sent).toBe(4);
  // The fifth waits for a place: the server answers 429 beyond four uploads at once.
  await page.waitForTimeout(500);
  expect(sent).toBe(4);
  await expect(page.getByText('Waiting...')).toHaveCount(1);
  release();

  const describe = page.getByRole('dialog', { name: 'Describe the uploaded images' });
  await expect(describe.getByRole('textbox')).toHaveCount(5);
  for (const [n, f] of files.entries()) await describe.getByLabel(`Alt text for ${f.name}`).fill(`Swatch ${n + 1}`);
  await describe.getByRole('button', { name: 'Insert' }).click();
  await expect(describe).toBeHidden();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  const body = await content.inputValue();
  expect(body.split('\n\n').map((p) => p.replace(/\d+\)$/, 'N)'))).toEqual([
    'Before the pictures.',
    ...[1, 2, 3, 4, 5].map((n) => `![Swatch ${n}](/media/N)`),
  ]);
  expect(new Set(referencedIds(body)).size).toBe(5);
});

test('an image pasted into the content uploads and goes in with its alt text', async ({ page }) => {
  const run = Date.now();
  const content = await newPost(page, 'Pasted below.');
  await paste(page, content, [await pngFile(`pasted-${run}.png`)]);
  const describe = page.getByRole('dialog', { name: 'Describe the uploaded image' });
  await describe.getByLabel(`Alt text for pasted-${run}.png`).fill('A pasted screenshot');
  await describe.getByRole('button', { name: 'Insert' }).click();
  await expect(content).toHaveValue(/^Pasted below\.\n\n!\[A pasted screenshot\]\(\/media\/\d+\)$/);
});

test('a refused upload shows the server’s reason, names the file, inserts nothing and leaves the library as it was', async ({
  page,
}) => {
  const run = Date.now();
  const content = await newPost(page, 'Nothing to add.');
  const before = await libraryIds(page);
  const notImage = { name: `x-${run}.png`, mimeType: 'image/png', buffer: Buffer.from('This is plain text.') };
  const svg = {
    name: `drawing-${run}.svg`,
    mimeType: 'image/svg+xml',
    buffer: Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    ),
  };

  await page.getByRole('button', { name: 'Image', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Insert an image' });
  await dialog.getByLabel('Choose images').setInputFiles([notImage, svg]);
  await expect(dialog.getByRole('alert').filter({ hasText: `${notImage.name} was not uploaded.` })).toContainText(
    MEDIA_ERRORS.notImage,
  );
  await expect(dialog.getByRole('alert').filter({ hasText: `${svg.name} was not uploaded.` })).toContainText(
    MEDIA_ERRORS.svg,
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Dropped on the content: the same reason under the field.
  await content.dispatchEvent('drop', { dataTransfer: await transferOf(page, [notImage]) });
  const refusal = page.getByRole('alert').filter({ hasText: `${notImage.name} was not uploaded.` });
  await expect(refusal).toContainText(MEDIA_ERRORS.notImage);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(content).toHaveValue('Nothing to add.');
  await page.getByRole('button', { name: `Dismiss the message about ${notImage.name}` }).click();
  await expect(refusal).toHaveCount(0);

  expect(await libraryIds(page)).toEqual(before);
});

test('the Media screen searches, filters, describes and deletes images; an image a post uses is kept', async ({
  page,
}) => {
  const run = Date.now();
  await login(page);
  const harbour = await uploadThroughApi(page, await pngFile(`harbour-${run}.png`, 20));
  const skyline = await uploadThroughApi(page, await pngFile(`skyline-${run}.png`, 60));
  const described = await page.request.put(`/api/media/${skyline.id}`, {
    headers: { Origin: baseURL },
    data: { alt: 'A skyline' },
  });
  expect(described.status()).toBe(200);

  await page.getByRole('link', { name: 'Media', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/media$/);
  await expect(page.getByRole('heading', { name: 'Media', level: 1 })).toBeVisible();
  // Uploading from the screen's own button.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload images' }).click();
  await (await chooser).setFiles(await pngFile(`upload-${run}.png`, 100));

  const items = page.getByTestId('media-item');
  await page.getByLabel('Search images').fill(String(run));
  await expect(items).toHaveCount(3);
  await expect(items.first()).toContainText(`upload-${run}.png`);
  await page.getByLabel('Search images').fill(`harbour-${run}`);
  await expect(items).toHaveCount(1);
  await expect(items).toContainText('640 × 480 px');
  await expect(items).toContainText('No alt text');

  await page.getByLabel('Search images').fill(String(run));
  await page.getByLabel('Show').selectOption('missing-alt');
  await expect(page).toHaveURL(/filter=missing-alt/);
  await expect(items).toHaveCount(2);
  await expect(items.filter({ hasText: `skyline-${run}.png` })).toHaveCount(0);

  // The details of one, and its alt text written.
  await items
    .filter({ hasText: `harbour-${run}.png` })
    .getByRole('button')
    .click();
  const details = page.getByRole('region', { name: 'Image details' });
  await expect(details.getByRole('heading', { name: `harbour-${run}.png` })).toBeVisible();
  await expect(details).toContainText('640 × 480 px');
  await expect(details).toContainText('WebP: 320, 640 px');
  await expect(details).toContainText('No post uses this image.');
  const alt = details.getByLabel('Alt text');
  await alt.fill('x'.repeat(501));
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(details.getByText('Alt text must be at most 500 characters')).toBeVisible();
  await alt.fill('Boats in a harbour at dawn');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Image details saved', { exact: true })).toBeVisible();
  await expect(items.filter({ hasText: `harbour-${run}.png` })).toHaveCount(0);
  expect(((await (await page.request.get(`/api/media/${harbour.id}`)).json()) as Media).alt).toBe(
    'Boats in a harbour at dawn',
  );

  // A post uses it: it is listed, and Delete is refused with the post named; nothing changes.
  const title = `Harbour report ${run}`;
  const created = await page.request.post('/api/posts', {
    headers: { Origin: baseURL },
    data: {
      title,
      excerpt: 'A post that shows a library image.',
      content: `## The harbour\n\n![Boats](/media/${harbour.id})`,
      category: 'Analysis Drop',
      tags: ['media'],
      authorName: 'Dr. Astrid Lindqvist',
      readTime: 2,
      published: false,
    },
  });
  expect(created.status()).toBe(201);
  const post = (await created.json()) as { id: number };
  await page.getByLabel('Show').selectOption('');
  await page.reload();
  await expect(details.getByRole('link', { name: title })).toHaveAttribute('href', `/admin/edit/${post.id}`);
  await details.getByRole('button', { name: 'Delete image' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(details.getByRole('alert')).toContainText(`“${title}”`);
  expect((await page.request.get(`/api/media/${harbour.id}`)).status()).toBe(200);
  await expect(items.filter({ hasText: `harbour-${run}.png` })).toHaveCount(1);

  // A new file keeps the image's number: the post still names it, and the library shows the new size and name.
  await details.getByLabel(`New file for harbour-${run}.png`).setInputFiles({
    name: `harbour-wide-${run}.png`,
    mimeType: 'image/png',
    buffer: await png(960, 480, 20, 120, 200),
  });
  await expect(details.getByRole('status')).toHaveText(`File replaced: harbour-wide-${run}.png.`);
  await expect(details).toContainText('960 × 480 px');
  await expect(details.getByRole('link', { name: title })).toBeVisible();
  const replaced = (await (await page.request.get(`/api/media/${harbour.id}`)).json()) as Media;
  expect([replaced.width, replaced.alt]).toEqual([960, 'Boats in a harbour at dawn']);
  await details.getByLabel(`New file for harbour-wide-${run}.png`).setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not a picture'),
  });
  await expect(details.getByRole('alert').filter({ hasText: MEDIA_ERRORS.notImage })).toBeVisible();
  expect(((await (await page.request.get(`/api/media/${harbour.id}`)).json()) as Media).fallback).toEqual(
    replaced.fallback,
  );

  // Once the post no longer uses it, it can go.
  const edited = await page.request.put(`/api/posts/${post.id}`, {
    headers: { Origin: baseURL },
    data: { content: '## The harbour\n\nNo picture after all.' },
  });
  expect(edited.status()).toBe(200);
  await details.getByRole('button', { name: 'Delete image' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Image deleted', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/media\\?q=${run}$`));
  await expect(items.filter({ hasText: `harbour-wide-${run}.png` })).toHaveCount(0);
  expect((await page.request.get(`/api/media/${harbour.id}`)).status()).toBe(404);
});

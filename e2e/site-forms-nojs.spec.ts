/**
 * The reader forms without JavaScript: each posts itself to the API, lands on its confirmation page
 * and reaches the Inbox; a refusal is a page listing what to correct, and Back returns to the form as typed.
 * With JavaScript, the form's island loads nothing until the reader turns to it.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  CORRECTION_SENT,
  FORM_NOT_STAMPED,
  formStampPlaceholder,
  MESSAGE_NOT_ACCEPTED,
  MESSAGE_SENT,
  MESSAGE_SENT_PAGES,
  MessageDetailSchema,
  MessageListSchema,
  MIN_FILL_MS,
  TIP_SENT,
  type MessageDetail,
} from 'content-schema/messages';
import { SITE_NAME } from 'content-schema/site';
import { baseURL } from '../playwright.config.ts';
import { ADMIN } from './fixtures.ts';
import { awake, publishedPosts } from './site-helpers.ts';

/** The stored message with `run` in it, among those whose subject contains `subject`, read through the admin API. */
async function storedMessage(request: APIRequestContext, subject: string, run: number): Promise<MessageDetail> {
  const login = await request.post('/api/auth/login', { data: ADMIN, headers: { Origin: baseURL } });
  expect(login.ok()).toBeTruthy();
  const list = MessageListSchema.parse(await (await request.get('/api/messages')).json());
  for (const item of list.items.filter((m) => m.subject.includes(subject))) {
    const detail = MessageDetailSchema.parse(await (await request.get(`/api/messages/${item.id}`)).json());
    if (JSON.stringify(detail).includes(String(run))) return detail;
  }
  throw new Error(`no stored message about ${subject} (${run})`);
}

/**
 * Submits the page's reader form, as a person would: at least the minimum fill time after the page was served (the
 * server measures it from the stamp in the page), and waits until the browser has left the form's page.
 */
async function submit(page: Page, button: string): Promise<void> {
  const from = new URL(page.url()).pathname;
  await page.waitForTimeout(MIN_FILL_MS + 500);
  await page.getByRole('button', { name: button }).click();
  await page.waitForURL((url) => url.pathname !== from);
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the contact form posts, confirms on a page of its own and reaches the Inbox', async ({ page, request }) => {
    const run = Date.now();
    await page.goto('/contact');
    await page.getByLabel('Full Name').fill('Nils No-Script');
    await page.getByLabel('Email', { exact: true }).fill('nils@example.com');
    await page.getByLabel('Message Type').selectOption('press');
    await page.getByLabel('Subject').fill(`Plain HTML ${run}`);
    await page.getByLabel('Message', { exact: true }).fill('Sent from a browser without JavaScript.');
    await submit(page, 'Send Message');
    await expect(page).toHaveURL(new RegExp(`${MESSAGE_SENT_PAGES.contact}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(MESSAGE_SENT.title);
    await expect(page.getByText(MESSAGE_SENT.description)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(await storedMessage(request, 'Plain HTML', run)).toMatchObject({
      type: 'contact',
      topic: 'press',
      name: 'Nils No-Script',
      email: 'nils@example.com',
      body: 'Sent from a browser without JavaScript.',
    });
  });

  test('the tip form posts; an anonymous tip keeps no contact even though the field stays enabled', async ({
    page,
    request,
  }) => {
    const run = Date.now();
    await page.goto('/tip');
    await page.getByLabel('Story Subject').fill(`Quiet permit ${run}`);
    await page.getByLabel('Urgency Level').selectOption('urgent');
    await page.getByLabel('Detailed Information').fill('Granted without a grid study.');
    await page.getByLabel(/Contact Information/).fill('signal: @nojs');
    await page.getByLabel(/Submit anonymously/).check();
    await submit(page, 'Submit Tip');
    await expect(page).toHaveURL(new RegExp(`${MESSAGE_SENT_PAGES.tip}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TIP_SENT.title);
    await expect(page.getByText(TIP_SENT.description)).toBeVisible();
    expect(await storedMessage(request, 'Quiet permit', run)).toMatchObject({
      type: 'tip',
      urgency: 'urgent',
      anonymous: true,
      contactInfo: null,
      from: null,
    });
  });

  test('the correction form posts and names its article', async ({ page, request }) => {
    const [post] = await publishedPosts(request);
    const run = Date.now();
    await page.goto('/corrections');
    await page.getByLabel('Article URL').fill(`${baseURL}/post/${post!.slug}`);
    await page.getByLabel('Correction Details').fill(`The year is wrong (${run}).`);
    await submit(page, 'Submit Correction');
    await expect(page).toHaveURL(new RegExp(`${MESSAGE_SENT_PAGES.correction}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(CORRECTION_SENT.title);
    await expect(page.getByText(CORRECTION_SENT.description)).toBeVisible();
    expect(await storedMessage(request, post!.slug, run)).toMatchObject({
      type: 'correction',
      postSlug: post!.slug,
      body: `The year is wrong (${run}).`,
    });
  });

  test('a refused form shows what to correct, in the schema’s words; Back returns to the form as typed', async ({
    page,
  }) => {
    await page.goto('/contact');
    // Spaces pass the browser's `required` check; the API trims them away.
    await page.getByLabel('Full Name').fill('   ');
    await page.getByLabel('Email', { exact: true }).fill('kept@example.com');
    await page.getByLabel('Subject').fill('Kept subject');
    await page.getByLabel('Message', { exact: true }).fill('  ');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/messages'));
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect((await answer).status()).toBe(400);
    await expect(page).toHaveTitle(`Not sent | ${SITE_NAME}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your message was not sent');
    await expect(page.getByRole('listitem')).toHaveText(['Full name is required', 'Message is required']);
    await expect(page.getByRole('link', { name: 'Back to the form' })).toHaveAttribute('href', '/contact');
    // Its own stylesheet applies under its policy (allowed by hash).
    await expect(page.getByRole('heading', { level: 1 })).toHaveCSS('font-size', '24px');
    await page.goBack();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByLabel('Subject')).toHaveValue('Kept subject');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('kept@example.com');
  });

  test('a form sent at once after its page arrived is refused as a page; a few seconds later it goes', async ({
    page,
  }) => {
    await page.goto('/contact');
    await page.getByLabel('Full Name').fill('Quick Reader');
    await page.getByLabel('Email', { exact: true }).fill('quick@example.com');
    await page.getByLabel('Subject').fill('Sent at once');
    await page.getByLabel('Message', { exact: true }).fill('No JavaScript, no wait.');
    // A script's pace: the page fetched and its form posted at once, whatever time this machine took to get here.
    const fresh = /name="stamp" value="([^"]+)"/.exec(await (await page.request.get('/contact')).text())![1]!;
    await page.locator('input[name="stamp"]').evaluate((el, v) => {
      (el as HTMLInputElement).value = v;
    }, fresh);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/messages'));
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect((await answer).status()).toBe(400);
    await expect(page.getByRole('listitem')).toHaveText([MESSAGE_NOT_ACCEPTED]);
    await page.goBack();
    await expect(page.getByLabel('Subject')).toHaveValue('Sent at once');
    await submit(page, 'Send Message');
    await expect(page).toHaveURL(new RegExp(`${MESSAGE_SENT_PAGES.contact}$`));
  });

  test('a copy of the page no server stamped (the built file as it is) is refused with words that say so', async ({
    page,
  }) => {
    // As another host serving the static build would send it: the placeholder where the stamp goes.
    await page.route(
      '**/corrections',
      async (route) => {
        const res = await route.fetch();
        const html = await res.text();
        const real = /name="stamp" value="([^"]+)"/.exec(html)![1]!;
        await route.fulfill({ response: res, body: html.replaceAll(real, formStampPlaceholder('correction')) });
      },
      { times: 1 },
    );
    await page.goto('/corrections');
    await page.getByLabel('Article URL').fill(`${baseURL}/post/some-article`);
    await page.getByLabel('Correction Details').fill('From a copy of the site.');
    await page.waitForTimeout(MIN_FILL_MS + 500);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/messages'));
    await page.getByRole('button', { name: 'Submit Correction' }).click();
    expect((await answer).status()).toBe(400);
    await expect(page.getByRole('listitem')).toHaveText([FORM_NOT_STAMPED]);
  });
});

test.describe('with JavaScript', () => {
  test('the contact page loads no script until the reader turns to the form', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    await page.goto('/contact');
    await page.waitForTimeout(3000);
    expect(scripts, 'scripts loaded while the page was left alone').toEqual([]);
    // Positive control: the first touch wakes the form's island.
    await page.getByLabel('Full Name').click();
    await awake(page, 'form[action="/api/messages"]');
    expect(
      scripts.some((s) => /\/ContactForm\.[^/]+\.js$/.test(s)),
      scripts.join(', '),
    ).toBe(true);
  });
});

import { expect, test, type Page } from '@playwright/test';
import {
  CORRECTION_SENT,
  MESSAGE_NETWORK_ERROR,
  MESSAGE_NOT_ACCEPTED,
  MESSAGE_SENT,
  MESSAGE_SERVER_ERROR,
  MIN_FILL_MS,
  TIP_SENT,
} from 'content-schema/messages';
import { publishedPosts, wakeForm } from './site-helpers.ts';

async function toastText(page: Page) {
  return page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');
}

/**
 * Opens a form page with a controllable clock, so the minimum fill time can pass without waiting for it, and wakes
 * the form (it hydrates at the reader's first touch; before that the browser would post it without JavaScript).
 */
async function openForm(page: Page, path: string) {
  await page.clock.install();
  await page.goto(path);
  await wakeForm(page);
}

/** Lets more than the minimum fill time pass, as a person typing would. */
const takeTime = (page: Page) => page.clock.fastForward(MIN_FILL_MS + 1000);

const messagePosted = (page: Page) =>
  page.waitForResponse((r) => r.url().endsWith('/api/messages') && r.request().method() === 'POST');

test.describe('reader forms deliver to the newsroom and confirm only what was stored', () => {
  test('contact', async ({ page }) => {
    await openForm(page, '/contact');
    const send = page.getByRole('button', { name: 'Send Message' });
    await send.click();
    await expect(await toastText(page)).toHaveCount(0);
    await page.getByLabel('Full Name').fill('Ada Reader');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Message Type').selectOption('press');
    await page.getByLabel('Subject').fill('Interview request');
    await page.getByLabel('Message', { exact: true }).fill('Hello from the contact form');
    await takeTime(page);
    const posted = messagePosted(page);
    await send.click();
    const res = await posted;
    expect(res.status()).toBe(201);
    expect(res.request().postDataJSON()).toMatchObject({
      type: 'contact',
      name: 'Ada Reader',
      email: 'ada@example.com',
      topic: 'press',
      subject: 'Interview request',
      message: 'Hello from the contact form',
      website: '',
    });
    await expect(await toastText(page)).toContainText(MESSAGE_SENT.title);
    await expect(await toastText(page)).toContainText(MESSAGE_SENT.description);
    await expect(page.getByLabel('Full Name')).toHaveValue('');
    await expect(page.getByLabel('Message Type')).toHaveValue('general');
    await expect(page.getByTestId('form-error')).toHaveCount(0);
  });

  test('news tip, anonymously: no contact information leaves the browser', async ({ page }) => {
    await openForm(page, '/tip');
    await expect(page.getByLabel('Detailed Information')).toHaveAttribute('rows', '8');
    await expect(page.getByLabel('Sources & Evidence')).toHaveAttribute('rows', '4');
    await page.getByLabel('Story Subject').fill('Leaked roadmap');
    await page.getByLabel('Urgency Level').selectOption('urgent');
    await page.getByLabel('Detailed Information').fill('Details of the roadmap');
    await page.getByLabel(/Contact Information/).fill('signal: @source');
    await page.getByLabel(/Submit anonymously/).check();
    await expect(page.getByLabel(/Contact Information/)).toBeDisabled();
    await takeTime(page);
    const posted = messagePosted(page);
    await page.getByRole('button', { name: 'Submit Tip' }).click();
    const res = await posted;
    expect(res.status()).toBe(201);
    const body = res.request().postDataJSON();
    expect(body).toMatchObject({
      type: 'tip',
      subject: 'Leaked roadmap',
      urgency: 'urgent',
      anonymous: true,
      contactInfo: '',
    });
    expect(JSON.stringify(body)).not.toContain('@source');
    await expect(await toastText(page)).toContainText(TIP_SENT.title);
    await expect(await toastText(page)).toContainText(TIP_SENT.description);
    await expect(page.getByLabel('Story Subject')).toHaveValue('');
    await expect(page.getByLabel('Urgency Level')).toHaveValue('normal');
    await expect(page.getByLabel(/Submit anonymously/)).not.toBeChecked();
  });

  test('correction opened from an article carries the article', async ({ page, request }) => {
    const [post] = await publishedPosts(request);
    await openForm(page, `/corrections?article=${post!.slug}`);
    await expect(page.getByText('No Recent Corrections')).toBeVisible();
    await expect(page.getByLabel('Article URL')).toHaveValue(new RegExp(`/post/${post!.slug}$`));
    await page.getByRole('button', { name: 'Submit Correction' }).click();
    await expect(await toastText(page)).toHaveCount(0);
    await page.getByLabel('Correction Details').fill('The date is wrong.');
    await takeTime(page);
    const posted = messagePosted(page);
    await page.getByRole('button', { name: 'Submit Correction' }).click();
    expect((await posted).status()).toBe(201);
    await expect(await toastText(page)).toContainText(CORRECTION_SENT.title);
    await expect(await toastText(page)).toContainText(CORRECTION_SENT.description);
    await expect(page.getByLabel('Article URL')).toHaveValue('');
  });

  test('a submission faster than a person types is refused by the server, with a clear message and the text kept', async ({
    page,
  }) => {
    await openForm(page, '/contact');
    // The page's time stands still from here: however long this machine takes to fill the fields, the script is fast.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
    await page.getByLabel('Full Name').fill('Quick Reader');
    await page.getByLabel('Email').fill('quick@example.com');
    await page.getByLabel('Subject').fill('Fast');
    await page.getByLabel('Message', { exact: true }).fill('Sent at once');
    const posted = messagePosted(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect((await posted).status()).toBe(400);
    await expect(page.getByRole('alert').filter({ hasText: MESSAGE_NOT_ACCEPTED })).toBeVisible();
    await expect(page.getByTestId('form-error')).toBeFocused();
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Sent at once');
    await expect(await toastText(page)).toHaveCount(0);
  });

  test('a toast can be swiped away to the right', async ({ page }) => {
    await page.route('**/api/messages', (route) => route.fulfill({ status: 201, json: { ok: true, id: 1 } }));
    await openForm(page, '/corrections');
    await page.getByLabel('Article URL').fill('x');
    await page.getByLabel('Correction Details').fill('y');
    await takeTime(page);
    await page.getByRole('button', { name: 'Submit Correction' }).click();
    const toast = await toastText(page);
    await expect(toast).toHaveCount(1);
    const box = (await toast.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 90, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(toast).toHaveCount(0);
  });
});

/** Each form, filled; `field` is one whose text must survive a failure. */
const FORMS = [
  {
    path: '/contact',
    button: 'Send Message',
    field: 'Message',
    fill: async (page: Page) => {
      await page.getByLabel('Full Name').fill('Ada Reader');
      await page.getByLabel('Email').fill('ada@example.com');
      await page.getByLabel('Subject').fill('Interview request');
      await page.getByLabel('Message', { exact: true }).fill('Text I do not want to type twice');
    },
  },
  {
    path: '/tip',
    button: 'Submit Tip',
    field: 'Detailed Information',
    fill: async (page: Page) => {
      await page.getByLabel('Story Subject').fill('Leaked roadmap');
      await page.getByLabel('Detailed Information').fill('Text I do not want to type twice');
    },
  },
  {
    path: '/corrections',
    button: 'Submit Correction',
    field: 'Correction Details',
    fill: async (page: Page) => {
      await page.getByLabel('Article URL').fill('/post/example');
      await page.getByLabel('Correction Details').fill('Text I do not want to type twice');
    },
  },
];

const FAILURES = [
  {
    what: '429',
    answer: {
      status: 429,
      headers: { 'Retry-After': '540' },
      json: {
        error: 'Too many messages from your connection. Please try again in 9 minutes; your text is still in the form.',
      },
    },
    shown: 'Too many messages from your connection. Please try again in 9 minutes; your text is still in the form.',
  },
  {
    what: '400',
    answer: {
      status: 400,
      json: {
        error: 'Message must be at most 10,000 characters',
        issues: [{ path: 'message', message: 'Message must be at most 10,000 characters' }],
      },
    },
    shown: 'Message must be at most 10,000 characters',
  },
  { what: '500', answer: { status: 500, json: { error: 'Internal server error' } }, shown: MESSAGE_SERVER_ERROR },
  { what: 'a network failure', answer: null, shown: MESSAGE_NETWORK_ERROR },
] as const;

test.describe('when the API refuses or cannot be reached, the reader is told and keeps the text', () => {
  for (const form of FORMS) {
    test(form.path, async ({ page }) => {
      await openForm(page, form.path);
      await form.fill(page);
      await takeTime(page);
      for (const failure of FAILURES) {
        await page.unrouteAll();
        await page.route('**/api/messages', (route) =>
          failure.answer ? route.fulfill(failure.answer) : route.abort('internetdisconnected'),
        );
        await page.getByRole('button', { name: form.button }).click();
        const alert = page.getByTestId('form-error');
        await expect(alert, failure.what).toHaveText(failure.shown);
        await expect(alert).toHaveAttribute('role', 'alert');
        await expect(page.getByLabel(form.field, { exact: true })).toHaveValue('Text I do not want to type twice');
        await expect(await toastText(page)).toHaveCount(0);
        await expect(page.getByRole('button', { name: form.button })).toBeEnabled();
      }
    });
  }
});

test.describe('status page', () => {
  test('shows the measured banner and five services, and refreshes every 30 seconds', async ({ page }) => {
    let calls = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/status')) calls++;
    });
    await page.clock.install();
    await page.goto('/status');
    await expect(page.getByTestId('status-banner')).toHaveText('All Systems Operational');
    const services = page.getByRole('region', { name: 'Services' }).getByRole('listitem');
    await expect(services).toHaveCount(5);
    for (const name of ['Website', 'API Services', 'Database', 'Content Delivery', 'Authentication'])
      await expect(services.filter({ hasText: name })).toContainText(/\d+ ms/);
    await expect(page.getByText('No recent incidents')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Performance metrics' }).getByText('5 of 5')).toBeVisible();
    const before = calls;
    await page.clock.runFor(30_000);
    await expect.poll(() => calls).toBeGreaterThan(before);
  });
});

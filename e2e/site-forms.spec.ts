import { expect, test, type Page } from '@playwright/test';
import {
  CORRECTION_SENT,
  FORM_NOT_STAMPED,
  formStampPlaceholder,
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
 * Opens a form page and wakes the form (it hydrates at the reader's first touch; before that the browser would post
 * it without JavaScript).
 */
async function openForm(page: Page, path: string) {
  await page.goto(path);
  await wakeForm(page);
}

/**
 * Lets more than the minimum fill time pass since the page was served, as a person reading and typing would. The
 * server measures it from the stamp it wrote into the page, so it is real time, not the page's clock.
 */
const takeTime = (page: Page) => page.waitForTimeout(MIN_FILL_MS + 500);

/** The stamp a form's page was served with, as the server writes it. */
const STAMP = /^\d{13}\.[\w-]{43}$/;

/**
 * Serves the next load of `path` with `stampFor(real)` in place of the stamp the server wrote into it (its hidden
 * field and its island's props), as a page kept open too long or a copy served by another host would carry.
 */
async function servePageWithStamp(page: Page, path: string, stampFor: (real: string) => string) {
  await page.route(
    `**${path}`,
    async (route) => {
      const res = await route.fetch();
      const html = await res.text();
      const real = /name="stamp" value="([^"]+)"/.exec(html)![1]!;
      await route.fulfill({ response: res, body: html.replaceAll(real, stampFor(real)) });
    },
    { times: 1 },
  );
}

const messagePosted = (page: Page) =>
  page.waitForResponse((r) => r.url().endsWith('/api/messages') && r.request().method() === 'POST');

test.describe('reader forms deliver to the newsroom and confirm only what was stored', () => {
  test('contact', async ({ page }) => {
    await openForm(page, '/contact');
    const send = page.getByRole('button', { name: 'Send Message' });
    await send.click();
    await expect(await toastText(page)).toHaveCount(0);
    await page.getByLabel('Full Name').fill('Ada Reader');
    await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
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
      stamp: expect.stringMatching(STAMP),
    });
    expect(res.request().postDataJSON()).not.toHaveProperty('elapsedMs');
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

  test('a reader who reads the page first, then fills the form and sends it at once, is accepted', async ({ page }) => {
    await page.goto('/contact');
    // Reading: the form's island is still asleep, as it wakes only at the first touch.
    await page.waitForTimeout(MIN_FILL_MS + 1000);
    // Then autofill-fast: the first touch wakes the island, and the message goes at once.
    await wakeForm(page);
    await page.getByLabel('Full Name').fill('Fast Reader');
    await page.getByLabel('Email', { exact: true }).fill('fast@example.com');
    await page.getByLabel('Subject').fill('Read first');
    await page.getByLabel('Message', { exact: true }).fill('Pasted in one go.');
    const posted = messagePosted(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    const res = await posted;
    expect(res.status()).toBe(201);
    await expect(await toastText(page)).toContainText(MESSAGE_SENT.title);
    await expect(page.getByTestId('form-error')).toHaveCount(0);
  });

  test('a submission faster than a person types is refused by the server, with a clear message and the text kept', async ({
    page,
  }) => {
    await openForm(page, '/contact');
    await page.getByLabel('Full Name').fill('Quick Reader');
    await page.getByLabel('Email', { exact: true }).fill('quick@example.com');
    await page.getByLabel('Subject').fill('Fast');
    await page.getByLabel('Message', { exact: true }).fill('Sent at once');
    // A script's pace: the page fetched and its form sent at once, whatever time this machine took to get here.
    const fresh = /name="stamp" value="([^"]+)"/.exec(await (await page.request.get('/contact')).text())![1]!;
    await page.locator('form[action="/api/messages"] input[name="stamp"]').evaluate((el, v) => {
      (el as HTMLInputElement).value = v;
    }, fresh);
    const posted = messagePosted(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect((await posted).status()).toBe(400);
    await expect(page.getByRole('alert').filter({ hasText: MESSAGE_NOT_ACCEPTED })).toBeVisible();
    await expect(page.getByTestId('form-error')).toBeFocused();
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Sent at once');
    await expect(await toastText(page)).toHaveCount(0);
    // As the message says: a few seconds later, the same text goes through.
    await takeTime(page);
    const again = messagePosted(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect((await again).status()).toBe(201);
    await expect(await toastText(page)).toContainText(MESSAGE_SENT.title);
  });

  test('a form whose stamp is refused gets a fresh one, so the second try the message asks for goes through', async ({
    page,
  }) => {
    // A stamp the server no longer accepts (a page left open for days reads the same way: not a good stamp now).
    const stale = (real: string) => `${Number(real.split('.')[0]) - 2 * 86_400_000}.${real.split('.')[1]}`;
    await servePageWithStamp(page, '/contact', stale);
    await openForm(page, '/contact');
    await page.getByLabel('Full Name').fill('Patient Reader');
    await page.getByLabel('Email', { exact: true }).fill('patient@example.com');
    await page.getByLabel('Subject').fill('Left open');
    await page.getByLabel('Message', { exact: true }).fill('Written over a long afternoon.');
    await takeTime(page);
    const first = messagePosted(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    const refused = await first;
    expect(refused.status()).toBe(400);
    await expect(page.getByRole('alert').filter({ hasText: MESSAGE_NOT_ACCEPTED })).toBeVisible();
    await takeTime(page);
    const again = messagePosted(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    const res = await again;
    expect(res.status()).toBe(201);
    const stamp = (res.request().postDataJSON() as { stamp: string }).stamp;
    expect(stamp).toMatch(STAMP);
    expect(stamp).not.toBe((refused.request().postDataJSON() as { stamp: string }).stamp);
    await expect(await toastText(page)).toContainText(MESSAGE_SENT.title);
  });

  test('a copy of the page no server stamped (the built file as it is) says so and sends nothing', async ({ page }) => {
    await servePageWithStamp(page, '/tip', () => formStampPlaceholder('tip'));
    let posts = 0;
    page.on('request', (r) => void (r.url().endsWith('/api/messages') && r.method() === 'POST' && posts++));
    await openForm(page, '/tip');
    await page.getByLabel('Story Subject').fill('From a mirror');
    await page.getByLabel('Detailed Information').fill('Sent from a copy of the site.');
    await takeTime(page);
    await page.getByRole('button', { name: 'Submit Tip' }).click();
    await expect(page.getByRole('alert').filter({ hasText: FORM_NOT_STAMPED })).toBeVisible();
    await expect(page.getByLabel('Detailed Information')).toHaveValue('Sent from a copy of the site.');
    await expect(await toastText(page)).toHaveCount(0);
    expect(posts).toBe(0);
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
      await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
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

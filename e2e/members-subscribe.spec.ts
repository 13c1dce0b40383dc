/**
 * A reader subscribes on a fresh install (no SMTP server configured): the article's form posts without any script,
 * the confirmation mail waits in the admin's Mail outbox, its link asks before it confirms, the welcome mail carries
 * the unsubscribe link, and unsubscribing stops it, in the browser and by a mail client's one-click POST.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { SUBSCRIBE_CHECK_EMAIL } from 'content-schema/members';
import { login } from './fixtures.ts';
import { publishedPosts } from './site-helpers.ts';

/** Opens the newest kept mail to `to` with `subject` in the admin's outbox, and answers the link starting `prefix`. */
async function linkInOutbox(admin: Page, to: string, subject: string, prefix: string): Promise<string> {
  await admin.goto('/admin/outbox');
  const mail = admin
    .getByRole('listitem')
    .filter({ hasText: subject })
    .filter({ hasText: `To ${to}` })
    .first();
  await expect(mail).toBeVisible({ timeout: 10_000 });
  await mail.getByText(subject).click();
  const link = mail.getByRole('link', { name: new RegExp(`^${prefix.replace(/[?.]/g, '\\$&')}`) });
  return (await link.getAttribute('href'))!;
}

/** axe on the page at `url`, opened (GET only: it changes nothing) in a browser with script, which axe needs. */
async function noAxeViolations(browser: Browser, url: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await context.close();
}

test('subscribe without script, confirm from the outbox, choose newsletters, then unsubscribe', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const email = `reader-${Date.now()}@example.test`;
  const [post] = await publishedPosts(request);
  const reader = await browser.newContext({ javaScriptEnabled: false });
  const readerPage = await reader.newPage();

  // The form at the end of the article, posted by the browser itself.
  await readerPage.goto(`/post/${post!.slug}`);
  const form = readerPage.getByTestId('subscribe-article');
  await form.getByLabel('Email address').fill(email);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(readerPage).toHaveURL(/\/subscribe\/sent$/);
  await expect(readerPage.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(readerPage.getByText(SUBSCRIBE_CHECK_EMAIL)).toBeVisible();

  // No SMTP server: the editor finds the mail in the outbox, linked from the Inbox.
  await login(page);
  await page.goto('/admin/inbox');
  await page.getByRole('link', { name: 'Mail outbox' }).click();
  await expect(page.getByRole('heading', { name: 'Mail outbox' })).toBeVisible();
  const confirm = await linkInOutbox(
    page,
    email,
    'Confirm your subscription to Northwire',
    `${baseURL}/subscribe/confirm?token=`,
  );

  // Opening the link asks; the reader adds a second newsletter and confirms.
  await readerPage.goto(confirm);
  await expect(readerPage.getByRole('heading', { name: 'Confirm your subscription' })).toBeVisible();
  await expect(readerPage.getByRole('checkbox', { name: /Daily Analysis/ })).toBeChecked();
  await expect(readerPage.getByRole('checkbox', { name: /Friday Deep Dive/ })).not.toBeChecked();
  await noAxeViolations(browser, confirm);
  await readerPage.getByRole('checkbox', { name: /Friday Deep Dive/ }).check();
  await readerPage.getByRole('button', { name: 'Confirm subscription' }).click();
  await expect(readerPage.getByRole('heading', { name: 'Subscription confirmed' })).toBeVisible();
  await expect(readerPage.getByText(`Daily Analysis and Friday Deep Dive will come to ${email}`)).toBeVisible();

  // The link works once.
  await readerPage.goto(confirm);
  await expect(readerPage.getByRole('heading', { name: 'Link not valid' })).toBeVisible();

  // The welcome mail carries the list's one-click unsubscribe header and link.
  const unsubscribe = await linkInOutbox(
    page,
    email,
    'You are subscribed to Daily Analysis and Friday Deep Dive',
    `${baseURL}/unsubscribe?m=`,
  );
  const welcome = page
    .getByRole('listitem')
    .filter({ hasText: 'You are subscribed' })
    .filter({ hasText: email })
    .first();
  await expect(welcome.getByText('List-Unsubscribe-Post:')).toBeVisible();

  await readerPage.goto(unsubscribe);
  await expect(readerPage.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible();
  await noAxeViolations(browser, unsubscribe);
  await readerPage.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(readerPage.getByRole('heading', { name: 'Unsubscribed' })).toBeVisible();

  // A mail client's one-click POST (RFC 8058) to the same link: no cookie, no Origin; still answered.
  const oneClick = await request.post(unsubscribe, {
    data: 'List-Unsubscribe=One-Click',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  expect(oneClick.status()).toBe(200);
  await reader.close();
});

import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './site-helpers.ts';

async function toastText(page: Page) {
  return page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');
}

test.describe('reader forms confirm and reset (nothing is sent)', () => {
  test('contact', async ({ page }) => {
    await page.goto('/contact');
    await hydrated(page);
    const send = page.getByRole('button', { name: 'Send Message' });
    await send.click();
    await expect(await toastText(page)).toHaveCount(0);
    await page.getByLabel('Full Name').fill('Ada Reader');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Message Type').selectOption('press');
    await page.getByLabel('Subject').fill('Interview request');
    await page.getByLabel('Message', { exact: true }).fill('Hello');
    await send.click();
    await expect(await toastText(page)).toContainText('Message Sent');
    await expect(await toastText(page)).toContainText("We'll respond within 24 hours");
    await expect(page.getByLabel('Full Name')).toHaveValue('');
    await expect(page.getByLabel('Message Type')).toHaveValue('general');
    await expect(page.getByText('nothing you enter is sent or stored')).toBeVisible();
  });

  test('news tip', async ({ page }) => {
    await page.goto('/tip');
    await hydrated(page);
    await expect(page.getByLabel('Detailed Information')).toHaveAttribute('rows', '8');
    await expect(page.getByLabel('Sources & Evidence')).toHaveAttribute('rows', '4');
    await page.getByLabel('Story Subject').fill('Leaked roadmap');
    await page.getByLabel('Urgency Level').selectOption('urgent');
    await page.getByLabel('Detailed Information').fill('Details');
    await page.getByLabel(/Submit anonymously/).check();
    await expect(page.getByLabel(/Contact Information/)).toBeDisabled();
    await page.getByRole('button', { name: 'Submit Tip' }).click();
    await expect(await toastText(page)).toContainText('Tip Submitted');
    await expect(await toastText(page)).toContainText(
      "Thank you for your tip. We'll investigate and respond within 6 hours.",
    );
    await expect(page.getByLabel('Story Subject')).toHaveValue('');
    await expect(page.getByLabel('Urgency Level')).toHaveValue('normal');
    await expect(page.getByLabel(/Submit anonymously/)).not.toBeChecked();
  });

  test('correction', async ({ page }) => {
    await page.goto('/corrections');
    await hydrated(page);
    await expect(page.getByText('No Recent Corrections')).toBeVisible();
    await page.getByRole('button', { name: 'Submit Correction' }).click();
    await expect(await toastText(page)).toHaveCount(0);
    await page.getByLabel('Article URL').fill('/post/example');
    await page.getByLabel('Correction Details').fill('The date is wrong.');
    await page.getByRole('button', { name: 'Submit Correction' }).click();
    await expect(await toastText(page)).toContainText('Correction Submitted');
    await expect(await toastText(page)).toContainText(
      "Thank you for helping us maintain accuracy. We'll review and respond within 2 hours.",
    );
    await expect(page.getByLabel('Article URL')).toHaveValue('');
  });

  test('a toast can be swiped away to the right', async ({ page }) => {
    await page.goto('/corrections');
    await hydrated(page);
    await page.getByLabel('Article URL').fill('x');
    await page.getByLabel('Correction Details').fill('y');
    await page.getByRole('button', { name: 'Submit Correction' }).click();
    const toast = await toastText(page);
    const box = (await toast.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 90, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(toast).toHaveCount(0);
  });
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

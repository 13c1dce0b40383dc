import { expect, test } from '@playwright/test';

test('the status page shows the measured services with the spec banner, and says when the data is unavailable', async ({
  page,
}) => {
  await page.goto('/status');
  const banner = page.getByTestId('status-banner');
  await expect(banner).toHaveText(/All Systems Operational|Some Services Degraded|Service Disruption/);
  const services = page.getByRole('region', { name: 'Services' }).getByRole('listitem');
  await expect(services).toHaveCount(5);
  for (const name of ['Website', 'API Services', 'Database', 'Content Delivery', 'Authentication']) {
    await expect(services.filter({ hasText: name })).toContainText(/\d+ ms/);
  }
  const api = await (await page.request.get('/api/status')).json();
  await expect(banner).toContainText(api.banner);

  await page.route('**/api/status', (route) => route.abort());
  await page.reload();
  await expect(banner).toContainText('Status data unavailable');
  await expect(page.getByText(/\d+ ms/)).toHaveCount(0);
});

import { chromium } from '/work/main/node_modules/@playwright/test/index.mjs';
const base = 'http://127.0.0.1:4420';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('console', m.type(), m.text()); });
page.on('pageerror', (e) => console.log('pageerror', e.message));
await page.goto(base + '/admin');
await page.getByRole('button', { name: 'Login' }).click();
console.log('empty login error:', await page.getByRole('alert').textContent());
await page.getByLabel('Username').fill('admin');
await page.getByLabel('Password').fill('wrong');
await page.getByRole('button', { name: 'Login' }).click();
await page.waitForTimeout(1000);
console.log('wrong login error:', await page.getByRole('alert').textContent());
await page.screenshot({ path: '/tmp/shot-login.png' });
await page.getByLabel('Password').fill('dev-password-123');
await page.getByRole('button', { name: 'Login' }).click();
await page.getByRole('button', { name: 'Logout' }).waitFor();
await page.waitForTimeout(800);
await page.screenshot({ path: '/tmp/shot-dashboard.png' });
for (const tab of process.argv.slice(2)) {
  await page.getByRole('tab', { name: tab }).click();
  await page.waitForTimeout(1200);
  await page.screenshot({ path: `/tmp/shot-${tab}.png`, fullPage: true });
}
await browser.close();

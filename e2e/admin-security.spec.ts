import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, request, test, type Page } from '@playwright/test';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import {
  CHALLENGE_EXPIRED_MESSAGE,
  INVALID_CODE_MESSAGE,
  LoginResultSchema,
  TwoFactorStatusSchema,
  WRONG_PASSWORD_MESSAGE,
} from 'content-schema/auth';
import { baseURL } from '../playwright.config.ts';
import { ADMIN, apiLogin, login } from './fixtures.ts';

const NEW_PASSWORD = 'e2e-password-456-rotated';
const STEP_MS = 30_000;

/**
 * What a journey changed that the next test must not inherit: the second factor's secret and unused recovery codes
 * (to answer a challenge or turn it off), the last 30-s step whose code was used, and the password in force.
 */
const account = {
  secret: null as string | null,
  recoveryCodes: [] as string[],
  lastStep: 0,
  password: ADMIN.password as string,
};

const stepNow = () => Math.floor(Date.now() / STEP_MS);
const totp = (secret: string, step: number) => generateHOTP(decodeBase32IgnorePadding(secret), BigInt(step), 6);

/**
 * A code the server has not seen: the current step's, or, when that one was used already (the API refuses a replayed
 * step), the next step's once the clock reaches it.
 */
async function freshCode(): Promise<string> {
  if (!account.secret) throw new Error('no second factor enrolled');
  if (stepNow() <= account.lastStep) {
    await new Promise((resolve) => setTimeout(resolve, (account.lastStep + 1) * STEP_MS - Date.now() + 250));
  }
  const step = stepNow();
  account.lastStep = step;
  return totp(account.secret, step);
}

/** Six digits that no step the server would accept right now produces. */
function wrongCode(): string {
  const near = [-1, 0, 1, 2].map((d) => totp(account.secret!, stepNow() + d));
  return ['000000', '111111', '222222'].find((c) => !near.includes(c))!;
}

/** Spends one recovery code (the journey's and the clean-up's share of them). */
function takeRecoveryCode(): string {
  const code = account.recoveryCodes.shift();
  if (!code) throw new Error('no recovery codes left');
  return code;
}

/**
 * Puts the account back as the other suites expect it (ADMIN's password, no second factor), through the API, whatever
 * state a failed journey left behind.
 */
async function restoreAccount(): Promise<void> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  try {
    const passwords = [...new Set([account.password, ADMIN.password, NEW_PASSWORD])];
    let password: string | undefined;
    let answer;
    for (const candidate of passwords) {
      const res = await api.post('/api/auth/login', { data: { username: ADMIN.username, password: candidate } });
      if (res.ok()) {
        password = candidate;
        answer = LoginResultSchema.parse(await res.json());
        break;
      }
    }
    if (!password || !answer) throw new Error('clean-up could not sign in with any known password');
    if (!answer.authenticated) {
      const code = account.recoveryCodes.length ? takeRecoveryCode() : await freshCode();
      const res = await api.post('/api/auth/login/verify', { data: { challenge: answer.challenge, code } });
      expect(res.ok(), await res.text()).toBe(true);
    }
    const status = TwoFactorStatusSchema.parse(await (await api.get('/api/auth/2fa')).json());
    if (status.enabled) {
      const code = account.recoveryCodes.length ? takeRecoveryCode() : await freshCode();
      const res = await api.post('/api/auth/2fa/disable', { data: { currentPassword: password, code } });
      expect(res.ok(), await res.text()).toBe(true);
    }
    if (password !== ADMIN.password) {
      const res = await api.post('/api/auth/password', {
        data: { currentPassword: password, newPassword: ADMIN.password },
      });
      expect(res.ok(), await res.text()).toBe(true);
    }
    Object.assign(account, { secret: null, recoveryCodes: [], password: ADMIN.password });
  } finally {
    await api.dispose();
  }
}

test.afterEach(restoreAccount);

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** From a signed-out page: the password step, which (second factor on) leads to the code step. */
async function passwordStep(page: Page, password = ADMIN.password) {
  await page.goto('/admin');
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Logout, from the dashboard's header. */
async function signOut(page: Page) {
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
}

async function signedIn(page: Page): Promise<boolean> {
  const res = await page.request.get('/api/auth/status');
  return ((await res.json()) as { authenticated: boolean }).authenticated;
}

test('two-factor sign-in: enrol from the QR code’s key, then the password alone is not enough', async ({
  page,
  context,
  browser,
}) => {
  // One wait for a fresh 30-second step may be needed (a code is accepted once), and the journey is long: on a busy
  // machine its steps alone take about two minutes.
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // Another browser signed in before the second factor is turned on: it is offered to be ended.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await apiLogin(otherPage);
  await login(page);

  await page.getByRole('link', { name: 'Security' }).click();
  await expect(page).toHaveURL(/\/admin\/security$/);
  await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
  const twoFactor = page.getByRole('region', { name: 'Two-factor authentication' });
  await expect(twoFactor).toContainText('Two-factor authentication is off.');

  await test.step('set up: password, QR code and key, a code from the app, ten recovery codes', async () => {
    await twoFactor.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await twoFactor.getByLabel('Current password').fill('not-the-password');
    await twoFactor.getByRole('button', { name: 'Continue' }).click();
    await expect(twoFactor.getByText(WRONG_PASSWORD_MESSAGE)).toBeVisible();
    await expect(twoFactor.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');

    await twoFactor.getByLabel('Current password').fill(ADMIN.password);
    await twoFactor.getByRole('button', { name: 'Continue' }).click();
    await expect(twoFactor.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    account.secret = await twoFactor.getByLabel('Setup key').inputValue();
    expect(account.secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expectNoAxeViolations(page);

    await twoFactor.getByLabel('Authentication code').fill(wrongCode());
    await twoFactor.getByRole('button', { name: 'Turn on' }).click();
    await expect(twoFactor.getByText(INVALID_CODE_MESSAGE)).toBeVisible();

    await twoFactor.getByLabel('Authentication code').fill(await freshCode());
    await twoFactor.getByRole('button', { name: 'Turn on' }).click();
    const list = twoFactor.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(list).toHaveCount(10);
    const codes = await list.allTextContents();
    account.recoveryCodes = [...codes];
    await expectNoAxeViolations(page);

    await twoFactor.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'));
    const downloading = page.waitForEvent('download');
    await twoFactor.getByRole('button', { name: 'Download' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('northwire-recovery-codes.txt');
    const file = await readFile(await download.path(), 'utf8');
    for (const code of codes) expect(file).toContain(code);
  });

  await test.step('turning it on offers to end the sessions that signed in without a code', async () => {
    // Earlier journeys may have left sessions too: however many, they all end.
    await expect(twoFactor.getByText(/\d+ other sessions? (is|are) signed in\./)).toBeVisible();
    await expectNoAxeViolations(page);
    await twoFactor.getByRole('button', { name: 'End other sessions' }).click();
    await expect(twoFactor.getByText(/^\d+ other sessions? (was|were) ended\.$/)).toBeVisible();
    expect((await otherPage.request.get('/api/auth/sessions')).status()).toBe(401);
    await other.close();
    const sessions = page.getByRole('region', { name: 'Active sessions' });
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    await expect(
      page
        .getByRole('region', { name: 'Security log' })
        .getByRole('row', { name: /Session ended/ })
        .first(),
    ).toBeVisible();

    await twoFactor.getByRole('button', { name: 'Done' }).click();
    await expect(twoFactor).toContainText('Two-factor authentication is on.');
    await expect(twoFactor).toContainText('10 recovery codes left.');
    await expect(
      page.getByRole('region', { name: 'Security log' }).getByRole('row', { name: /Two-factor turned on/ }),
    ).toBeVisible();
  });

  await test.step('the password alone gives the code step and no session; a wrong code is refused', async () => {
    await signOut(page);
    await passwordStep(page);
    const code = page.getByLabel('Authentication code');
    await expect(code).toBeVisible();
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    await expect(
      page.getByText('Enter the 6-digit code from your authenticator app, or a recovery code.'),
    ).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveCount(0);
    expect(await signedIn(page)).toBe(false);

    await code.fill(wrongCode());
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toHaveText(INVALID_CODE_MESSAGE);
    expect(await signedIn(page)).toBe(false);
  });

  await test.step('the app’s current code signs in', async () => {
    await page.getByLabel('Authentication code').fill(await freshCode());
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    expect(await signedIn(page)).toBe(true);
  });

  await test.step('an expired sign-in goes back to the password step and says so', async () => {
    await signOut(page);
    await passwordStep(page);
    await expect(page.getByLabel('Authentication code')).toBeVisible();
    // As if the five minutes had passed: the server no longer knows the challenge the form sends.
    await page.route('**/api/auth/login/verify', (route) =>
      route.continue({
        postData: JSON.stringify({ ...route.request().postDataJSON(), challenge: 'long-gone-challenge' }),
      }),
    );
    await page.getByLabel('Authentication code').fill(wrongCode());
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toHaveText(CHALLENGE_EXPIRED_MESSAGE);
    await expect(page.getByLabel('Password')).toHaveValue('');
    await expect(page.getByLabel('Username')).toHaveValue(ADMIN.username);
    await page.unroute('**/api/auth/login/verify');
  });

  const recovery = takeRecoveryCode();
  await test.step('a recovery code signs in once', async () => {
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByLabel('Authentication code').fill(recovery);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  await test.step('the same recovery code fails the second time; Back returns to the password', async () => {
    await signOut(page);
    await passwordStep(page);
    await page.getByLabel('Authentication code').fill(recovery);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toHaveText(INVALID_CODE_MESSAGE);
    expect(await signedIn(page)).toBe(false);

    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('Password')).toHaveValue('');
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    // Recovery codes are not case-sensitive.
    await page.getByLabel('Authentication code').fill(takeRecoveryCode().toUpperCase());
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  await test.step('turning it off asks for the password and a code', async () => {
    await page.getByRole('link', { name: 'Security' }).click();
    await expect(twoFactor).toContainText('8 recovery codes left.');
    await twoFactor.getByRole('button', { name: 'Turn off' }).click();
    await twoFactor.getByLabel('Current password').fill(ADMIN.password);
    await twoFactor.getByLabel('Authentication code').fill(takeRecoveryCode());
    await twoFactor.getByRole('button', { name: 'Turn off' }).click();
    await expect(twoFactor).toContainText('Two-factor authentication is off.');
    account.secret = null;
    const log = page.getByRole('region', { name: 'Security log' });
    await expect(log.getByRole('row', { name: /Two-factor turned off/ })).toBeVisible();
    await expect(log.getByRole('row', { name: /Recovery code used/ }).first()).toBeVisible();
  });
});

test('sessions: another browser is listed and can be ended; a password change ends the others', async ({
  page,
  browser,
}) => {
  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    const otherIsSignedIn = async () => (await otherPage.request.get('/api/auth/sessions')).status() !== 401;
    await login(otherPage);
    await login(page);
    await page.getByRole('link', { name: 'Security' }).click();
    const sessions = page.getByRole('region', { name: 'Active sessions' });
    const rows = sessions.getByRole('listitem');

    await test.step('End all other sessions leaves this device alone', async () => {
      // Earlier journeys may have left sessions too: however many, they all end.
      await expect(rows.filter({ hasNotText: 'This device' }).first()).toBeVisible();
      await sessions.getByRole('button', { name: 'End all other sessions' }).click();
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText('This device');
      expect(await otherIsSignedIn()).toBe(false);
    });

    await test.step('a second browser signed in shows as a second session, and End ends it', async () => {
      await apiLogin(otherPage);
      await page.reload();
      await expect(rows).toHaveCount(2);
      await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
      const otherRow = rows.filter({ hasNotText: 'This device' });
      await expect(otherRow).toContainText(/Signed in (Just now|\dm ago)/);
      await otherRow.getByRole('button', { name: 'End', exact: true }).click();
      await expect(rows).toHaveCount(1);
      expect(await otherIsSignedIn()).toBe(false);
    });

    const form = page.getByRole('region', { name: 'Change password' });
    await test.step('the new password must be confirmed, and the current one must be right', async () => {
      await form.getByLabel('Current password').fill(ADMIN.password);
      await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
      await form.getByLabel('Confirm new password').fill(`${NEW_PASSWORD}-typo`);
      await form.getByRole('button', { name: 'Change password' }).click();
      await expect(form.getByText('Passwords do not match.')).toBeVisible();

      await form.getByLabel('Current password').fill('not-the-password');
      await form.getByLabel('Confirm new password').fill(NEW_PASSWORD);
      await form.getByRole('button', { name: 'Change password' }).click();
      await expect(form.getByText(WRONG_PASSWORD_MESSAGE)).toBeVisible();
    });

    await test.step('changing it ends the other sessions and says how many', async () => {
      await apiLogin(otherPage);
      await form.getByLabel('Current password').fill(ADMIN.password);
      account.password = NEW_PASSWORD;
      await form.getByRole('button', { name: 'Change password' }).click();
      await expect(form.getByRole('status')).toHaveText('Password changed. 1 other session was ended.');
      await expect(form.getByLabel('Current password')).toHaveValue('');
      expect(await otherIsSignedIn()).toBe(false);
      await expect(rows).toHaveCount(1);

      const old = await otherPage.request.post('/api/auth/login', { data: ADMIN, headers: { Origin: baseURL } });
      expect(old.status()).toBe(401);
      const renewed = await otherPage.request.post('/api/auth/login', {
        data: { username: ADMIN.username, password: NEW_PASSWORD },
        headers: { Origin: baseURL },
      });
      expect(renewed.ok()).toBe(true);
    });

    await test.step('and back again', async () => {
      await form.getByLabel('Current password').fill(NEW_PASSWORD);
      await form.getByLabel('New password', { exact: true }).fill(ADMIN.password);
      await form.getByLabel('Confirm new password').fill(ADMIN.password);
      await form.getByRole('button', { name: 'Change password' }).click();
      await expect(form.getByRole('status')).toHaveText('Password changed. 1 other session was ended.');
      account.password = ADMIN.password;
      const log = page.getByRole('region', { name: 'Security log' });
      await expect(log.getByRole('row', { name: /Password changed/ }).nth(1)).toBeVisible();
      await expect(log.getByRole('row', { name: /Session ended/ }).first()).toBeVisible();
    });
  } finally {
    await other.close();
  }
});

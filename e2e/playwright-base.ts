import { devices, type PlaywrightTestConfig } from '@playwright/test';

/** Debian's Chromium, as both Playwright configurations launch it (no network beyond this machine). */
export const chromiumLaunch = {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
  ],
};

/** What the single-server run (playwright.config.ts) and the load-balanced run (playwright.lb.config.ts) share. */
export function baseConfig(baseURL: string, reportFile: string): PlaywrightTestConfig {
  return {
    testDir: 'e2e',
    timeout: 60_000,
    expect: { timeout: 15_000 },
    fullyParallel: false,
    workers: 1,
    retries: process.env.CI ? 1 : 0,
    reporter: process.env.CI ? [['list'], ['json', { outputFile: reportFile }]] : 'list',
    use: { baseURL, trace: 'retain-on-failure', launchOptions: chromiumLaunch },
  };
}

export const desktopChrome = { ...devices['Desktop Chrome'], channel: undefined };

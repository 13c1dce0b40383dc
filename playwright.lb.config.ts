import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunch } from './e2e/chromium.ts';

/**
 * The browser journeys of signing in, publishing and scheduling through a real load balancer: nginx round-robin in
 * front of two production instances on one libSQL server (sqld), each reading from its own embedded replica, both
 * building into the same site folder (scripts/e2e-lb-server.ts). Run alone with
 * `pnpm exec playwright test -c playwright.lb.config.ts`; scripts/test.sh runs it after the single-server journeys.
 */
const port = Number(process.env.E2E_LB_PORT ?? 4398);
const baseURL = `http://127.0.0.1:${port}`;
// The specs import `baseURL` from playwright.config.ts, which reads this; set before any spec is loaded, and
// inherited by the workers.
process.env.E2E_BASE_URL = baseURL;

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e-lb.json' }]] : 'list',
  outputDir: 'test-results/e2e-lb',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunch,
  },
  projects: [
    {
      name: 'load-balanced',
      testMatch: [
        'admin-auth.spec.ts',
        'admin-publishing.spec.ts',
        'admin-scheduler.spec.ts',
        'pipeline.spec.ts',
        'lb-instances.spec.ts',
      ],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  webServer: {
    command: `bash scripts/e2e-lb-server.sh ${port}`,
    url: `${baseURL}/`,
    timeout: 180_000,
    reuseExistingServer: !process.env.CI,
    // The script stops nginx, both instances and sqld on SIGTERM.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});

import { defineConfig } from '@playwright/test';
import { baseConfig, desktopChrome } from './e2e/playwright-base.ts';

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
  ...baseConfig(baseURL, 'test-results/e2e-lb.json'),
  outputDir: 'test-results/e2e-lb',
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
      use: desktopChrome,
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

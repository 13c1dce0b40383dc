import { defineConfig } from '@playwright/test';
import { baseConfig, desktopChrome } from './e2e/playwright-base.ts';

/** Browser journeys run against the production server: built admin, embedded builder, real libSQL file. */
const port = Number(process.env.E2E_PORT ?? 4399);
/** The origin the specs talk to (and send as Origin); the load-balanced run (playwright.lb.config.ts) sets E2E_BASE_URL. */
export const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${port}`;

export default defineConfig({
  ...baseConfig(baseURL, 'test-results/e2e.json'),
  // The reader-facing checks run first, on the seeded site as it starts; the editor's journeys then change
  // content (publish, schedule, delete), so they run after. A skipped test counts as failed in scripts/test.sh.
  projects: [
    { name: 'site', testMatch: /site-.*\.spec\.ts/, use: desktopChrome },
    {
      name: 'journeys',
      // lb-*.spec.ts need two instances behind a load balancer: playwright.lb.config.ts runs them.
      testIgnore: [/site-.*\.spec\.ts/, /lb-.*\.spec\.ts/],
      dependencies: ['site'],
      use: desktopChrome,
    },
  ],
  webServer: {
    command: `bash scripts/e2e-server.sh ${port}`,
    url: `${baseURL}/`,
    timeout: 180_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});

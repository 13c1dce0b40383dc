import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'content-schema/src/**/*.test.ts',
      'api/src/**/*.test.ts',
      'admin/src/**/*.test.ts',
      'site/**/*.test.ts',
      'bench/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', 'e2e/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // On CI a test that fails is run once more: the multi-process and sqld suites depend on timing a shared runner
    // can upset. A test that fails twice fails the run; one that passes on its retry is still a pass.
    retry: process.env.CI ? 1 : 0,
  },
});

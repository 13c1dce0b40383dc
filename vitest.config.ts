import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['content-schema/src/**/*.test.ts', 'api/src/**/*.test.ts', 'admin/src/**/*.test.ts', 'site/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'e2e/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});

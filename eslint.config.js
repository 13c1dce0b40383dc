// @ts-check
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import boundaries from './scripts/eslint/boundaries.ts';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.astro/**', '.tools/**', 'data/**', 'api/drizzle*/**', 'test-results/**'] },
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  // Import boundaries between the packages, the admin's features and the API's layers (scripts/eslint/boundaries.ts).
  { plugins: { northwire: boundaries }, rules: { 'northwire/boundaries': 'error' } },
  {
    files: ['**/*.test.ts', 'api/src/test-utils.ts', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);

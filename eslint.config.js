// @ts-check
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import boundaries from './scripts/eslint/boundaries.ts';

/** Tests, fixtures, journeys and benchmarks: code that exercises the product rather than being it. */
const NOT_PRODUCT = [
  '**/*.test.ts',
  '**/*.test.tsx',
  '**/test-*.ts',
  'api/src/test-utils.ts',
  'api/src/contract-check.ts',
  'e2e/**',
  'bench/**',
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.astro/**',
      '.tools/**',
      'data/**',
      'api/drizzle*/**',
      'test-results/**',
    ],
  },
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  // Import boundaries between the packages, the admin's features and the API's layers (scripts/eslint/boundaries.ts).
  { plugins: { northwire: boundaries }, rules: { 'northwire/boundaries': 'error' } },
  // One job per file and per function: past these sizes, split by job (a note on the function says why it may not).
  {
    files: [
      'api/src/**/*.ts',
      'site/**/*.ts',
      'site/**/*.tsx',
      'admin/src/**/*.ts',
      'admin/src/**/*.tsx',
      'content-schema/src/**/*.ts',
      'scripts/**/*.ts',
    ],
    ignores: NOT_PRODUCT,
    rules: {
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  // Each process reads its environment once, in its env.ts, which parses and validates it.
  {
    files: [
      'api/src/**/*.ts',
      'site/**/*.ts',
      'site/**/*.tsx',
      'site/**/*.astro',
      'admin/src/**/*.ts',
      'admin/src/**/*.tsx',
    ],
    ignores: [...NOT_PRODUCT, '**/env.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: "Read the environment through the process's env.ts, which validates it once.",
        },
      ],
    },
  },
  {
    files: NOT_PRODUCT,
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);

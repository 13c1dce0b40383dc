/**
 * What the reader's islands ship (the compiled site, `pnpm build:site`): React and the islands' own code, never
 * the schema library. zod is ~25 KB gzip and enters through any value import of a content-schema module that
 * defines schemas (messages.ts, not message-text.ts): a reader form once loaded it for three constants.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';

const ASSETS = resolve(import.meta.dirname, '../../dist/client/_astro');

it('no script the site sends readers contains zod', () => {
  const scripts = readdirSync(ASSETS).filter((f) => f.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(5);
  const withZod = scripts.filter((f) => /\b_zod\b|\$ZodType/.test(readFileSync(join(ASSETS, f), 'utf8')));
  expect(withZod).toEqual([]);
});

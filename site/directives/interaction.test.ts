import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OUTPUT, generate } from '../../scripts/site-inline-scripts.ts';

describe('client:interaction', () => {
  it('is inlined by Astro exactly as api/src/site-inline-scripts.ts holds it (the CSP hashes that text)', async () => {
    const expected = await generate();
    expect(
      readFileSync(OUTPUT, 'utf8'),
      'the directive changed: run `node scripts/site-inline-scripts.ts` and commit the result',
    ).toBe(expected);
    expect(expected).toContain('(self.Astro||(self.Astro={})).interaction=');
  });
});

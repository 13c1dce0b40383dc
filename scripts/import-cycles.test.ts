import { describe, expect, it } from 'vitest';
import { findCycles, importsOf } from './import-cycles.ts';

describe('import cycles', () => {
  it('reads static, type-only, re-export and dynamic imports, relative ones only', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { B } from '../b.ts';",
      "export * from './c.ts';",
      "export { d } from './d.ts';",
      "const e = await import('./e.ts');",
      "import { z } from 'zod';",
      'import {\n  f,\n  g,\n} from "./f.ts";',
    ].join('\n');
    expect(importsOf('/w/x/file.ts', text)).toEqual([
      '/w/x/a.ts',
      '/w/b.ts',
      '/w/x/c.ts',
      '/w/x/d.ts',
      '/w/x/e.ts',
      '/w/x/f.ts',
    ]);
  });

  it('finds each cycle once, and none in a tree', () => {
    const graph = new Map([
      ['app', ['routes', 'lib']],
      ['routes', ['app', 'lib']],
      ['lib', []],
      ['x', ['y']],
      ['y', ['z']],
      ['z', ['x']],
    ]);
    expect(findCycles(graph)).toEqual([
      ['app', 'routes'],
      ['x', 'y', 'z'],
    ]);
    expect(
      findCycles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', []],
        ]),
      ),
    ).toEqual([]);
  });
});

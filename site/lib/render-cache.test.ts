import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RenderCache, rendererIdentity } from './render-cache.ts';

describe('RenderCache', () => {
  const dir = mkdtempSync(join(tmpdir(), 'render-cache-'));

  it('renders once, then serves later builds from the file', async () => {
    const path = join(dir, 'a.json');
    let calls = 0;
    const render = (md: string) => {
      calls++;
      return `<p>${md}</p>`;
    };
    const first = await RenderCache.open(path, 'v1');
    expect(first.render('one', render)).toBe('<p>one</p>');
    expect(first.render('one', render)).toBe('<p>one</p>');
    await first.save();
    expect(calls).toBe(1);

    const second = await RenderCache.open(path, 'v1');
    expect(second.render('one', render)).toBe('<p>one</p>');
    expect(second.cacheHits).toBe(1);
    expect(calls).toBe(1);
  });

  it('drops everything when the renderer changes, and entries a build did not use', async () => {
    const path = join(dir, 'b.json');
    const render = (md: string) => md.toUpperCase();
    const first = await RenderCache.open(path, 'v1');
    first.render('kept', render);
    first.render('deleted', render);
    await first.save();
    const second = await RenderCache.open(path, 'v1');
    second.render('kept', render);
    await second.save();
    const third = await RenderCache.open(path, 'v1');
    third.render('deleted', render);
    expect(third.cacheHits).toBe(0);
    const other = await RenderCache.open(path, 'v2');
    other.render('kept', render);
    expect(other.cacheHits).toBe(0);
  });

  it('starts empty on a corrupt file', async () => {
    const cache = await RenderCache.open(join(dir, 'missing', 'c.json'), 'v1');
    expect(cache.render('x', () => 'y')).toBe('y');
  });

  it('derives the renderer identity from its sources', () => {
    expect(rendererIdentity('a', 'b')).toBe(rendererIdentity('a', 'b'));
    expect(rendererIdentity('a', 'b')).not.toBe(rendererIdentity('ab'));
  });
});

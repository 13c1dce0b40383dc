import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTarget } from './target.ts';
import { setup } from './test-builder.ts';

describe('embedded builder', () => {
  it('an instance with the builder off serves the live folder of the instances it shares DATA_DIR with, if any', async () => {
    const a = await setup();
    const off = await setup({ target: 'off', db: a.db, dir: a.dir });
    const hook = await setup({ target: 'hook', db: a.db, dir: a.dir });
    expect(off.builder.liveDir()).toBeNull();
    mkdirSync(join(a.dir, 'site', 'trees', 'one'), { recursive: true });
    symlinkSync(join('trees', 'one'), join(a.dir, 'site', 'current'));
    expect(off.builder.liveDir()).toBe(join(a.dir, 'site', 'trees', 'one'));
    expect(hook.builder.liveDir()).toBeNull(); // the CDN serves the site
  });
});

describe('buildTarget', () => {
  it.each([
    [{ BUILD_HOOK_URL: 'https://ci.example/hook', EMBEDDED_BUILDER: 'on' as const }, 'hook'],
    [{ BUILD_HOOK_URL: 'https://ci.example/hook', EMBEDDED_BUILDER: 'off' as const }, 'hook'],
    [{ BUILD_HOOK_URL: undefined, EMBEDDED_BUILDER: 'on' as const }, 'embedded'],
    [{ BUILD_HOOK_URL: undefined, EMBEDDED_BUILDER: 'off' as const }, 'off'],
  ])('%o builds with %s', (env, target) => {
    expect(buildTarget(env)).toBe(target);
  });
});

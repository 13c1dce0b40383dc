import { mkdirSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testApp } from './test-utils.ts';

let t: Awaited<ReturnType<typeof testApp>>;
afterEach(() => t.cleanup());

describe('the file server', () => {
  it('finishes a page whose file the renderer removes after the headers went out', async () => {
    t = await testApp();
    const tree = join(t.dir, 'site', 'trees', 'one');
    mkdirSync(join(tree, 'post'), { recursive: true });
    const page = `<!doctype html><title>Going</title>${'x'.repeat(200_000)}`;
    writeFileSync(join(tree, 'post', 'going.html'), page);
    symlinkSync(tree, join(t.dir, 'site', 'current'));

    const res = await t.app.request('http://127.0.0.1:4321/post/going');
    expect(res.status).toBe(200);
    unlinkSync(join(tree, 'post', 'going.html')); // an unpublish, between the answer's headers and its body
    expect(await res.text()).toBe(page);
    expect((await t.app.request('http://127.0.0.1:4321/post/going')).status).toBe(404);
    rmSync(tree, { recursive: true, force: true });
  });
});

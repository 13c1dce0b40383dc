import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeClock } from '../lib/clock.ts';
import { Events } from '../lib/events.ts';
import { tempDb } from '../test-utils.ts';
import { createBuilder, HOOK_RETRY_DELAYS_MS, type SiteBuildRunner } from './builder.ts';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((f) => f()));

/** A build runner the test releases by hand, writing a marker page so swaps are visible. */
function controllableRunner() {
  const started: { outDir: string; release: (err?: Error) => void }[] = [];
  const runner: SiteBuildRunner = (outDir) =>
    new Promise<void>((resolve, reject) => {
      mkdirSync(outDir, { recursive: true });
      writeFileSync(join(outDir, 'index.html'), `build ${outDir}`);
      started.push({ outDir, release: (err) => (err ? reject(err) : resolve()) });
    });
  return { runner, started };
}

async function setup(runBuild: SiteBuildRunner, target: 'embedded' | 'hook' = 'embedded', callHook?: () => Promise<void>) {
  const temp = await tempDb();
  cleanups.push(temp.cleanup);
  const events = new Events();
  const seen: string[] = [];
  for (const e of ['build_failed', 'build_recovered', 'build_succeeded'] as const) events.on(e, () => void seen.push(e));
  const sleeps: number[] = [];
  const builder = createBuilder({
    db: temp.db,
    clock: fakeClock('2026-06-01T10:00:00Z'),
    events,
    target,
    siteRoot: join(temp.dir, 'site'),
    runBuild,
    callHook,
    sleep: async (ms) => void sleeps.push(ms),
  });
  return { builder, seen, sleeps, dir: temp.dir };
}

const req = (postId: number, slug = `post-${postId}`) => ({ reason: `Edited ${postId}`, changes: [{ postId, slugs: [slug], categories: ['Deep Dive'] }] });
const tick = () => new Promise((r) => setTimeout(r, 20));

describe('embedded builder', () => {
  it('coalesces requests that arrive during a build into one follow-up build naming every change', async () => {
    const { runner, started } = controllableRunner();
    const { builder } = await setup(runner);
    await builder.request(req(1));
    await expect.poll(() => started.length).toBe(1);
    await builder.request(req(2));
    await builder.request(req(3));
    await builder.request(req(2, 'renamed'));
    started[0]!.release();
    await expect.poll(() => started.length).toBe(2);
    started[1]!.release();
    await builder.idle();
    expect(started).toHaveLength(2);
    const status = await builder.status();
    expect(status.last).toMatchObject({ state: 'succeeded', reason: 'Edited 2; Edited 3; Edited 2' });
    expect(status.pending).toBe(false);
  });

  it('swaps the live folder atomically on success and keeps the last good site on failure', async () => {
    const { runner, started } = controllableRunner();
    const { builder, seen } = await setup(runner);
    expect(builder.liveDir()).toBeNull();
    await builder.request(req(1));
    await expect.poll(() => started.length).toBe(1);
    started[0]!.release();
    await builder.idle();
    const good = builder.liveDir()!;
    expect(readFileSync(join(good, 'index.html'), 'utf8')).toContain(started[0]!.outDir);

    await builder.request(req(2));
    await expect.poll(() => started.length).toBe(2);
    started[1]!.release(new Error('astro exited with 1: broken page'));
    await builder.idle();
    expect(builder.liveDir()).toBe(good);
    expect(existsSync(started[1]!.outDir)).toBe(false);
    const failed = await builder.status();
    expect(failed.last).toMatchObject({ state: 'failed', error: 'astro exited with 1: broken page' });
    expect(failed.lastSuccess?.id).toBe(1);

    await builder.request(req(3));
    await expect.poll(() => started.length).toBe(3);
    started[2]!.release();
    await builder.idle();
    expect(builder.liveDir()).not.toBe(good);
    await tick();
    expect(seen).toEqual(['build_succeeded', 'build_failed', 'build_succeeded', 'build_recovered']);
  });

  it('records every build with start, end and state', async () => {
    const { runner, started } = controllableRunner();
    const { builder } = await setup(runner);
    await builder.request(req(1));
    await expect.poll(async () => (await builder.status()).current?.state).toBe('running');
    started[0]!.release();
    await builder.idle();
    const { last } = await builder.status();
    expect(last).toMatchObject({ id: 1, state: 'succeeded', target: 'embedded', startedAt: '2026-06-01T10:00:00.000Z', finishedAt: '2026-06-01T10:00:00.000Z', error: null });
  });

  it('after a crash, a build left running is marked failed and an empty site is built', async () => {
    const { runner, started } = controllableRunner();
    const { builder } = await setup(runner);
    await builder.request(req(1));
    await expect.poll(() => started.length).toBe(1);
    // Simulate the process dying mid-build: a second builder on the same database recovers.
    await builder.recover();
    const { last } = await builder.status();
    expect(last).toMatchObject({ state: 'failed', error: 'Interrupted by a server restart' });
    started[0]!.release();
  });
});

describe('build hook', () => {
  it('retries with backoff and records success', async () => {
    let calls = 0;
    const { builder, sleeps } = await setup(async () => {}, 'hook', async () => {
      calls++;
      if (calls < 3) throw new Error('Build hook answered 502');
    });
    await builder.request(req(1));
    await builder.idle();
    expect(calls).toBe(3);
    expect(sleeps).toEqual(HOOK_RETRY_DELAYS_MS.slice(0, 2));
    expect((await builder.status()).last).toMatchObject({ state: 'succeeded', target: 'hook' });
  });

  it('gives up after the last retry, records the failure and announces it', async () => {
    const { builder, seen } = await setup(async () => {}, 'hook', async () => {
      throw new Error('Build hook answered 500');
    });
    await builder.request(req(1));
    await builder.idle();
    expect((await builder.status()).last).toMatchObject({ state: 'failed', error: 'Build hook answered 500' });
    await tick();
    expect(seen).toEqual(['build_failed']);
  });
});

import { mkdirSync, symlinkSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BuildHookPayload } from 'content-schema/render';
import type { Db } from '../db/client.ts';
import { builds, postChanges } from '../db/schema.ts';
import { fakeClock } from '../lib/clock.ts';
import { Events, type AppEvents } from '../lib/events.ts';
import { recordingRenderer, tempDb } from '../test-utils.ts';
import { createBuilder, HOOK_RETRY_DELAYS_MS, LATE_AFTER_MS, LEASE_MS, type SiteProbe } from './builder.ts';
import type { RenderChange, RenderResult, SiteRendererClient } from './site-renderer.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const f of cleanups.splice(0)) await f();
});

/** Writes a change record as the posts service would. */
async function change(db: Db, clock: { now(): Date }, postId: number, title = `Post ${postId}`) {
  await db.insert(postChanges).values({
    postId,
    kind: 'updated',
    title,
    oldSlug: `post-${postId}`,
    newSlug: `post-${postId}`,
    oldCategory: 'Deep Dive',
    newCategory: 'Deep Dive',
    fields: ['content'],
    createdAt: clock.now(),
  });
}

/** A renderer whose `changes` calls the test releases by hand. */
function gatedRenderer() {
  const base = recordingRenderer();
  const calls: { changes: RenderChange[]; release: (result?: Partial<RenderResult>) => void }[] = [];
  let cursor = 0;
  const renderer: SiteRendererClient = {
    ...base,
    status: async () => ({ version: 't', needsFull: false, cursor, liveDir: null, pendingBackground: 0, searchPending: 0 }),
    changes: (changes, through) =>
      new Promise((resolve) => {
        calls.push({
          changes,
          release: (result = {}) => {
            cursor = through;
            resolve({ written: 1, removed: 0, postErrors: [], cursor, live: [], durationMs: 1, ...result });
          },
        });
      }),
  };
  return { renderer, calls };
}

async function setup(opts: { renderer?: SiteRendererClient; target?: 'embedded' | 'hook' | 'off'; callHook?: (p: BuildHookPayload) => Promise<void>; probe?: SiteProbe; db?: Db; dir?: string } = {}) {
  const temp = opts.db ? null : await tempDb();
  if (temp) cleanups.push(temp.cleanup);
  const db = opts.db ?? temp!.db;
  const dir = opts.dir ?? temp!.dir;
  const clock = fakeClock('2026-06-01T10:00:00Z');
  const events = new Events();
  const seen: { name: keyof AppEvents; payload: unknown }[] = [];
  for (const name of ['build_failed', 'build_recovered', 'build_succeeded', 'build_post_failed', 'publish_late'] as const) {
    events.on(name, (payload) => void seen.push({ name, payload }));
  }
  const sleeps: number[] = [];
  const renderer = opts.renderer ?? recordingRenderer();
  const builder = createBuilder({
    db,
    clock,
    events,
    target: opts.target ?? 'embedded',
    siteRoot: join(dir, 'site'),
    renderer,
    callHook: opts.callHook,
    probe: opts.probe,
    sleep: async (ms) => void sleeps.push(ms),
  });
  return { builder, db, dir, clock, seen, sleeps, renderer };
}

const tick = () => new Promise((r) => setTimeout(r, 20));

/** A change build of (1, 2] left running under `owner`'s live lease, as a builder that stopped would leave it. */
async function leftRunning(db: Db, clock: { now(): Date }, target: string, owner: string, reason: string) {
  await db.insert(builds).values({
    target,
    kind: 'changes',
    state: 'running',
    reason,
    fromChange: 1,
    toChange: 2,
    leaseOwner: owner,
    leaseExpiresAt: new Date(clock.now().getTime() + LEASE_MS),
    requestedAt: clock.now(),
    startedAt: clock.now(),
  });
}

describe('embedded builder', () => {
  it('builds every change once, merging changes that arrive during a build into one follow-up build', async () => {
    const { renderer, calls } = gatedRenderer();
    const { builder, db, clock } = await setup({ renderer });
    await change(db, clock, 1);
    void builder.kick();
    await expect.poll(() => calls.length).toBe(1);
    await change(db, clock, 2);
    await change(db, clock, 3);
    await change(db, clock, 2, 'Post 2 renamed');
    void builder.kick();
    await tick();
    expect(calls).toHaveLength(1); // one build at a time per target
    calls[0]!.release();
    await expect.poll(() => calls.length).toBe(2);
    expect(calls[1]!.changes.map((c) => [c.postId, c.title])).toEqual([
      [2, 'Post 2'],
      [3, 'Post 3'],
      [2, 'Post 2 renamed'],
    ]);
    calls[1]!.release();
    await builder.idle();
    const rows = await db.select().from(builds);
    expect(rows.map((b) => [b.kind, b.state, b.fromChange, b.toChange])).toEqual([
      ['changes', 'succeeded', 0, 1],
      ['changes', 'succeeded', 1, 4],
    ]);
    expect(rows[1]!.reason).toBe('Edited “Post 2”; Edited “Post 3”; Edited “Post 2 renamed”');
  });

  it('with two builders on one target exactly one runs a build; an instance with the builder off claims nothing', async () => {
    const gated = gatedRenderer();
    const a = await setup({ renderer: gated.renderer });
    const b = await setup({ renderer: gated.renderer, db: a.db, dir: a.dir });
    const off = await setup({ target: 'off', db: a.db, dir: a.dir });
    await change(a.db, a.clock, 1);
    void off.builder.kick();
    void a.builder.kick();
    void b.builder.kick();
    await expect.poll(() => gated.calls.length).toBe(1);
    await tick();
    expect(gated.calls).toHaveLength(1);
    gated.calls[0]!.release();
    await Promise.all([a.builder.idle(), b.builder.idle(), off.builder.idle()]);
    const rows = await a.db.select().from(builds);
    expect(rows.map((r) => r.state)).toEqual(['succeeded']);
    expect(rows[0]!.leaseOwner).not.toBe(off.builder.owner);
  });

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

  it('takes over a build whose builder process died, without waiting for its lease', async () => {
    const { builder, db, clock, renderer } = await setup();
    await change(db, clock, 1);
    await builder.kick();
    await builder.idle();
    const [first] = await db.select().from(builds);
    // A build left running by a process of this machine that is gone (kill -9): its pid no longer exists.
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((r) => dead.on('exit', r));
    await change(db, clock, 2);
    await leftRunning(db, clock, first!.target, `${hostname()}:${dead.pid}:x`, 'left over');
    await builder.kick();
    await builder.idle();
    const rows = await db.select().from(builds).orderBy(builds.id);
    expect(rows.map((r) => r.state)).toEqual(['succeeded', 'failed', 'succeeded']);
    expect(rows[1]!.error).toMatch(/stopped/);
    expect((renderer as ReturnType<typeof recordingRenderer>).batches.map((b) => b.map((c) => c.postId))).toEqual([[1], [2]]);
  });

  it('a build of its own that it is not running (its end could not be recorded) is taken over at once', async () => {
    const { builder, db, clock, renderer } = await setup();
    await change(db, clock, 1);
    await builder.kick();
    await builder.idle();
    const [first] = await db.select().from(builds);
    await change(db, clock, 2);
    await leftRunning(db, clock, first!.target, builder.owner, 'end not recorded');
    await builder.kick();
    await builder.idle();
    const rows = await db.select().from(builds).orderBy(builds.id);
    expect(rows.map((r) => r.state)).toEqual(['succeeded', 'failed', 'succeeded']);
    expect((renderer as ReturnType<typeof recordingRenderer>).batches.map((b) => b.map((c) => c.postId))).toEqual([[1], [2]]);
  });

  it('waits out the lease of a live builder elsewhere, then takes the build over', async () => {
    const { builder, db, clock, renderer } = await setup();
    await change(db, clock, 1);
    await builder.kick();
    await builder.idle();
    const [first] = await db.select().from(builds);
    await change(db, clock, 2);
    // Another machine holds a running build of this target under a lease.
    await leftRunning(db, clock, first!.target, 'other-host:1:x', 'elsewhere');
    await builder.kick();
    await builder.idle();
    expect((renderer as ReturnType<typeof recordingRenderer>).batches).toHaveLength(1);
    clock.advance(LEASE_MS + 1);
    await builder.kick();
    await builder.idle();
    const rows = await db.select().from(builds).orderBy(builds.id);
    expect(rows.map((r) => r.state)).toEqual(['succeeded', 'failed', 'succeeded']);
    expect((renderer as ReturnType<typeof recordingRenderer>).batches.at(-1)!.map((c) => c.postId)).toEqual([2]);
  });

  it('records a failed build with its error, backs off, then retries', async () => {
    let failing = true;
    const renderer = recordingRenderer({ fail: () => (failing ? 'render exploded: post 7' : null) });
    const { builder, db, clock, seen } = await setup({ renderer });
    await change(db, clock, 1);
    await builder.kick();
    await builder.idle();
    expect((await builder.status()).last).toMatchObject({ state: 'failed', error: 'render exploded: post 7' });
    expect(seen.map((e) => e.name)).toEqual(['build_failed']);
    await builder.kick();
    await builder.idle();
    expect(await db.select().from(builds)).toHaveLength(1); // backing off
    failing = false;
    clock.advance(2001);
    await builder.kick();
    await builder.idle();
    const status = await builder.status();
    expect(status.last).toMatchObject({ state: 'succeeded' });
    expect(seen.map((e) => e.name)).toEqual(['build_failed', 'build_recovered']);
    expect(status.builtThrough).toBe(1);
  });

  it('a post that cannot be rendered is named in the build and its change; the rest goes live', async () => {
    const { renderer, calls } = gatedRenderer();
    const probe: SiteProbe = async (path) => ({ status: 200, body: `<meta property="article:modified_time" content="${path === '/post/post-2' ? 'v2' : ''}">` });
    const { builder, db, clock, seen } = await setup({ renderer, probe });
    await change(db, clock, 1, 'Broken');
    await change(db, clock, 2, 'Fine');
    void builder.kick();
    await expect.poll(() => calls.length).toBe(1);
    clock.advance(400);
    calls[0]!.release({
      postErrors: [{ postId: 1, title: 'Broken', slug: 'post-1', reason: 'The post body could not be rendered: too deep' }],
      live: [{ postId: 2, path: '/post/post-2', present: true, updatedAt: 'v2' }],
    });
    await builder.idle();
    const status = await builder.status();
    expect(status.last).toMatchObject({ state: 'succeeded', liveMs: 400 });
    expect(status.last!.postErrors).toEqual([{ postId: 1, title: 'Broken', slug: 'post-1', reason: 'The post body could not be rendered: too deep' }]);
    expect(seen.map((e) => e.name)).toContain('build_post_failed');
    const live = await builder.postsLive([1, 2]);
    expect(live.find((l) => l.postId === 1)).toMatchObject({ liveAt: null, error: 'The post body could not be rendered: too deep' });
    expect(live.find((l) => l.postId === 2)).toMatchObject({ liveMs: 400, error: null });
  });

  it('a full render marks every change up to it live and clears errors, except for the posts it left out', async () => {
    const renderer = recordingRenderer();
    const { builder, db, clock } = await setup({ renderer });
    await change(db, clock, 1);
    await change(db, clock, 2);
    await db.update(postChanges).set({ error: 'could not be rendered' });
    renderer.full = async (through) => ({
      written: 9,
      removed: 0,
      postErrors: [{ postId: 2, title: 'Post 2', slug: 'post-2', reason: 'still broken' }],
      cursor: through,
      live: [],
      durationMs: 1,
    });
    await builder.requestFull('Requested by the editor');
    await builder.idle();
    const live = await builder.postsLive([1, 2]);
    expect(live.find((l) => l.postId === 1)).toMatchObject({ error: null, liveMs: 0 });
    expect(live.find((l) => l.postId === 2)).toMatchObject({ liveAt: null, error: 'still broken' });
  });

  it('raises one notification for a change that is not live a minute after the editor saved it', async () => {
    const { renderer, calls } = gatedRenderer();
    const { builder, db, clock, seen } = await setup({ renderer });
    await db.insert(postChanges).values({
      postId: 1,
      kind: 'published',
      title: 'Stuck',
      newSlug: 'stuck',
      newCategory: 'Deep Dive',
      createdAt: clock.now(),
    });
    void builder.kick();
    await expect.poll(() => calls.length).toBe(1);
    clock.advance(LATE_AFTER_MS + 1);
    await builder.checkLate();
    await builder.checkLate();
    expect(seen.filter((e) => e.name === 'publish_late')).toEqual([{ name: 'publish_late', payload: { postId: 1, title: 'Stuck', slug: 'stuck' } }]);
    calls[0]!.release();
    await builder.idle();
  });
});

describe('build hook', () => {
  it('posts the change list as JSON, retrying with backoff, and records success', async () => {
    const payloads: BuildHookPayload[] = [];
    let failures = 2;
    const { builder, db, clock, sleeps } = await setup({
      target: 'hook',
      callHook: async (p) => {
        payloads.push(p);
        if (failures-- > 0) throw new Error('Build hook answered 502');
      },
    });
    await change(db, clock, 5, 'Five');
    await builder.kick();
    await builder.idle();
    expect(sleeps).toEqual(HOOK_RETRY_DELAYS_MS.slice(0, 2));
    expect(payloads).toHaveLength(3);
    expect(payloads[0]).toMatchObject({ kind: 'changes', fromChange: 0, toChange: 1, changes: [{ postId: 5, kind: 'updated', title: 'Five', newSlug: 'post-5' }] });
    const status = await builder.status();
    expect(status.last).toMatchObject({ state: 'succeeded', target: 'hook' });
    expect(status.builtThrough).toBe(1);
  });

  it('gives up after the last retry, records the failure and announces it', async () => {
    const { builder, db, clock, seen, sleeps } = await setup({
      target: 'hook',
      callHook: async () => {
        throw new Error('Build hook answered 500');
      },
    });
    await change(db, clock, 5);
    await builder.kick();
    await builder.idle();
    expect(sleeps).toEqual(HOOK_RETRY_DELAYS_MS);
    expect((await builder.status()).last).toMatchObject({ state: 'failed', error: 'Build hook answered 500' });
    expect(seen.map((e) => e.name)).toEqual(['build_failed']);
  });
});

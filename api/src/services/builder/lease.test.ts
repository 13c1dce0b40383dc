import { spawn } from 'node:child_process';
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { builds } from '../../db/schema.ts';
import { recordingRenderer } from '../../test-utils.ts';
import { LEASE_MS } from './lease.ts';
import { change, gatedRenderer, leftRunning, setup, tick } from './test-builder.ts';

describe('embedded builder', () => {
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
    expect((renderer as ReturnType<typeof recordingRenderer>).batches.map((b) => b.map((c) => c.postId))).toEqual([
      [1],
      [2],
    ]);
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
    expect((renderer as ReturnType<typeof recordingRenderer>).batches.map((b) => b.map((c) => c.postId))).toEqual([
      [1],
      [2],
    ]);
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
});

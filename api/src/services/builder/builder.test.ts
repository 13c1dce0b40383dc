import { describe, expect, it } from 'vitest';
import { builds } from '../../db/schema.ts';
import { recordingRenderer } from '../../test-utils.ts';
import { change, gatedRenderer, setup, tick } from './test-builder.ts';

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
});

describe('builder jobs', () => {
  it('an instance that builds polls with the pass and checks for late changes; one with the builder off only checks', async () => {
    const on = await setup();
    const off = await setup({ target: 'off', db: on.db, dir: on.dir });
    expect(on.builder.jobs.map((j) => [j.name, j.everyMs, j.atStart ?? true])).toEqual([
      ['builder', 250, true],
      ['builder late check', 5000, false],
    ]);
    expect(off.builder.jobs.map((j) => [j.name, j.everyMs, j.atStart ?? true])).toEqual([
      ['builder late check', 5000, false],
    ]);
  });

  it('the pass job builds what is pending', async () => {
    const renderer = recordingRenderer();
    const { builder, db, clock } = await setup({ renderer });
    await change(db, clock, 1);
    await builder.jobs[0]!.run();
    await builder.idle();
    expect(renderer.batches.map((b) => b.map((c) => c.postId))).toEqual([[1]]);
  });
});

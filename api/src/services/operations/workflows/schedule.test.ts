import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testApp } from '../../../test-utils.ts';
import { createWorkflowsService } from './index.ts';
import { createWorkflow, form, signedInApp, type TestApp } from './test-workflows.ts';

let t: TestApp;
const extra: TestApp[] = [];
beforeEach(async () => {
  t = await signedInApp();
});
afterEach(async () => {
  await t.ctx.operations.workflows.idle();
  for (const e of extra.splice(0)) await e.ctx.operations.workflows.idle();
  await t.cleanup();
});

describe('schedule trigger', () => {
  it('runs each occurrence exactly once, across ticks, restarts and two instances', async () => {
    const w = await createWorkflow(t, { trigger: 'schedule', scheduleConfig: { frequency: 'daily', time: '09:00' } });
    const other = await testApp({ db: t.db, dir: t.dir, start: '2026-06-01T06:00:00Z' });
    extra.push(other);
    expect(await t.ctx.operations.workflows.tick()).toEqual([]); // not due yet
    t.clock.set('2026-06-01T07:00:02Z');
    other.clock.set('2026-06-01T07:00:02Z');
    const started = await Promise.all([
      t.ctx.operations.workflows.tick(),
      other.ctx.operations.workflows.tick(),
      t.ctx.operations.workflows.tick(),
    ]);
    expect(started.flat()).toHaveLength(1);
    await t.ctx.operations.workflows.idle();
    await other.ctx.operations.workflows.idle();
    expect(await t.ctx.operations.workflows.tick()).toEqual([]);
    // A restarted instance sees the occurrence as taken.
    const restarted = await testApp({ db: t.db, dir: t.dir, start: '2026-06-01T07:00:30Z' });
    extra.push(restarted);
    await restarted.ctx.operations.workflows.recover();
    expect(await restarted.ctx.operations.workflows.tick()).toEqual([]);
    const after = (await t.call('GET', `/api/workflows/${w.id}`)).json;
    expect(after).toMatchObject({ status: 'completed', executionCount: 1, nextRun: '2026-06-02T07:00:00.000Z' });
    const runs = (await t.call('GET', `/api/workflows/${w.id}/runs`)).json;
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ trigger: 'schedule', context: { occurrence: '2026-06-01T07:00:00.000Z' } });
  });

  it('runs occurrences missed while the server was down once, then moves on', async () => {
    const w = await createWorkflow(t, { trigger: 'schedule', scheduleConfig: { frequency: 'daily', time: '09:00' } });
    t.clock.set('2026-06-04T12:00:00Z'); // three occurrences passed
    expect(await t.ctx.operations.workflows.tick()).toHaveLength(1);
    await t.ctx.operations.workflows.idle();
    expect(await t.ctx.operations.workflows.tick()).toEqual([]);
    expect((await t.call('GET', `/api/workflows/${w.id}`)).json.nextRun).toBe('2026-06-05T07:00:00.000Z');
  });

  it('does not run a disabled schedule', async () => {
    const w = await createWorkflow(t, { trigger: 'schedule', enabled: false, scheduleConfig: { frequency: 'hourly' } });
    t.clock.set('2026-06-01T09:00:00Z');
    expect(await t.ctx.operations.workflows.tick()).toEqual([]);
    expect((await t.call('GET', `/api/workflows/${w.id}`)).json.executionCount).toBe(0);
  });

  it('fails a run interrupted by a restart instead of leaving it running forever', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const svc = createWorkflowsService({
      db: t.db,
      clock: t.clock,
      notifications: t.ctx.operations.notifications,
      runAction: async () => {
        await gate;
        return { status: 'done', message: 'ok' };
      },
    });
    const w = await svc.create(form());
    await svc.execute(w.id);
    await t.ctx.operations.workflows.recover(); // what a restarted server does
    expect((await t.call('GET', `/api/workflows/${w.id}`)).json.status).toBe('failed');
    expect((await t.call('GET', `/api/workflows/${w.id}/runs`)).json[0]).toMatchObject({
      status: 'failed',
      error: 'Interrupted by a server restart',
    });
    release();
    await svc.idle();
  });
});

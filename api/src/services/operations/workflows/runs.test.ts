import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNotificationsService } from '../notifications/index.ts';
import { createWorkflowsService } from './index.ts';
import { createWorkflow, form, runToEnd, signedInApp, type TestApp } from './test-workflows.ts';

let t: TestApp;
beforeEach(async () => {
  t = await signedInApp();
});
afterEach(async () => {
  await t.ctx.operations.workflows.idle();
  await t.cleanup();
});

describe('execute', () => {
  it('goes idle → running → completed with a run log, counts the execution and notifies', async () => {
    const w = await createWorkflow(t);
    const { workflow, run } = await runToEnd(t, w.id);
    expect(workflow).toMatchObject({ status: 'completed', executionCount: 1, lastRun: '2026-06-01T06:00:00.000Z' });
    expect(run).toMatchObject({
      status: 'completed',
      trigger: 'manual',
      error: null,
      steps: [{ type: 'notify', status: 'done' }],
    });
    expect(run.steps[0].durationMs).toBeGreaterThanOrEqual(0);
    const titles = (await t.call('GET', '/api/notifications')).json.map((n: { title: string }) => n.title);
    expect(titles).toEqual(['Workflow Completed', 'Tell the editor']);
  });

  it('fails the run at the failing step, skips the rest, and says why', async () => {
    const w = await createWorkflow(t, {
      actions: [{ type: 'publish', config: { condition: 'colour:blue' } }, { type: 'notify' }],
    });
    const { workflow, run } = await runToEnd(t, w.id);
    expect(workflow.status).toBe('failed');
    expect(run.status).toBe('failed');
    expect(run.steps.map((s: { status: string }) => s.status)).toEqual(['failed', 'not_run']);
    expect(run.error).toMatch(/Unknown publish condition/);
    const [latest] = (await t.call('GET', '/api/notifications')).json;
    expect(latest).toMatchObject({ type: 'error', title: 'Workflow Failed' });
  });

  it('refuses to run a disabled workflow (409) and a missing one (404)', async () => {
    const w = await createWorkflow(t, { enabled: false });
    const res = await t.call('POST', '/api/workflows/execute', { workflowId: w.id });
    expect(res.status).toBe(409);
    expect(res.json.error).toMatch(/disabled/);
    expect((await t.call('POST', '/api/workflows/execute', { workflowId: 999 })).status).toBe(404);
    expect((await t.call('POST', '/api/workflows/execute', { workflowId: 'x' })).status).toBe(400);
  });

  it('refuses a second run while one is running (409)', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const notifications = createNotificationsService({ db: t.db, clock: t.clock });
    const svc = createWorkflowsService({
      db: t.db,
      clock: t.clock,
      notifications,
      runAction: async () => {
        await gate;
        return { status: 'done', message: 'ok' };
      },
    });
    const w = await svc.create(form());
    await svc.execute(w.id);
    expect((await svc.get(w.id)).status).toBe('running');
    await expect(svc.execute(w.id)).rejects.toMatchObject({ status: 409, message: 'Workflow is already running' });
    release();
    await svc.idle();
    expect(await svc.get(w.id)).toMatchObject({ status: 'completed', executionCount: 1 });
  });
});

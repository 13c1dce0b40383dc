import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWorkflow, form, signedInApp, type TestApp } from './test-workflows.ts';

let t: TestApp;
beforeEach(async () => {
  t = await signedInApp();
});
afterEach(async () => {
  await t.ctx.operations.workflows.idle();
  await t.cleanup();
});

describe('seeding', () => {
  it('seeds the three samples, idle, once', async () => {
    expect(await t.ctx.operations.workflows.seedIfEmpty()).toBe(3);
    const list = (await t.call('GET', '/api/workflows')).json;
    expect(list.map((w: { name: string }) => w.name)).toEqual([
      'Auto-Publish Schedule',
      'Content Backup',
      'SEO Optimization Check',
    ]);
    expect(
      list.every((w: { status: string; executionCount: number }) => w.status === 'idle' && w.executionCount === 0),
    ).toBe(true);
    expect(list[0].nextRun).toBe('2026-06-01T07:00:00.000Z'); // daily 09:00 Stockholm
    expect(await t.ctx.operations.workflows.seedIfEmpty()).toBe(0);
    for (const w of list) await t.call('DELETE', `/api/workflows/${w.id}`);
    expect(await t.ctx.operations.workflows.seedIfEmpty()).toBe(0); // deleting them all sticks
  });
});

describe('CRUD', () => {
  it('creates idle with 0 executions, updates, deletes; needs a session', async () => {
    const w = await createWorkflow(t);
    expect(w).toMatchObject({
      name: 'Tell the editor',
      trigger: 'manual',
      enabled: true,
      status: 'idle',
      executionCount: 0,
      lastRun: null,
      nextRun: null,
    });
    const updated = await t.call(
      'PUT',
      `/api/workflows/${w.id}`,
      form({ name: 'Renamed', trigger: 'schedule', scheduleConfig: { frequency: 'weekly', time: '07:30', days: [3] } }),
    );
    expect(updated.json).toMatchObject({ name: 'Renamed', trigger: 'schedule', nextRun: '2026-06-03T05:30:00.000Z' });
    expect((await t.call('DELETE', `/api/workflows/${w.id}`)).status).toBe(200);
    expect((await t.call('GET', `/api/workflows/${w.id}`)).status).toBe(404);
    t.logout();
    expect((await t.call('GET', '/api/workflows')).status).toBe(401);
  });

  it.each([
    [{ name: ' ' }, 'Workflow name is required'],
    [
      { trigger: 'event' as const },
      'Choose the event that starts this workflow (post_published, post_unpublished, build_failed)',
    ],
    [{ trigger: 'schedule' as const }, 'A scheduled workflow needs a frequency'],
    [
      { trigger: 'schedule' as const, scheduleConfig: { frequency: 'weekly' as const, days: [7] } },
      'Weekly days are weekdays 0 (Sunday) to 6 (Saturday)',
    ],
    [
      { trigger: 'schedule' as const, scheduleConfig: { frequency: 'daily' as const, time: '25:00' } },
      'Enter a time between 00:00 and 23:59',
    ],
  ])('refuses %o with “%s”', async (override, message) => {
    const res = await t.call('POST', '/api/workflows', form(override));
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(message);
  });

  it('toggles enabled and keeps nextRun true', async () => {
    const w = await createWorkflow(t, { trigger: 'schedule', scheduleConfig: { frequency: 'hourly', time: '00:15' } });
    expect(w.nextRun).toBe('2026-06-01T06:15:00.000Z');
    const off = await t.call('PUT', `/api/workflows/${w.id}/toggle`, { enabled: false });
    expect(off.json).toMatchObject({ enabled: false, nextRun: null });
    const on = await t.call('PUT', `/api/workflows/${w.id}/toggle`, { enabled: true });
    expect(on.json).toMatchObject({ enabled: true, nextRun: '2026-06-01T06:15:00.000Z' });
    expect((await t.call('PUT', `/api/workflows/${w.id}/toggle`, { enabled: 'yes' })).status).toBe(400);
    expect((await t.call('PUT', '/api/workflows/999/toggle', { enabled: true })).status).toBe(404);
  });
});

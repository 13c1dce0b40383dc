import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkflowForm } from 'content-schema/workflow';
import { openDb } from '../../db/client.ts';
import { postBody, recordingRenderer, testApp } from '../../test-utils.ts';
import { BACKUPS_KEPT, createActionRunner } from './actions.ts';
import { createNotificationsService } from './notifications.ts';
import { createWorkflowsService, cronPattern, nextOccurrence } from './workflows.ts';

type T = Awaited<ReturnType<typeof testApp>>;
let t: T;
const extra: T[] = [];

beforeEach(async () => {
  t = await testApp({ start: '2026-06-01T06:00:00Z' }); // 08:00 in Stockholm (CEST)
  await t.login();
});
afterEach(async () => {
  await t.ctx.operations.workflows.idle();
  for (const e of extra.splice(0)) await e.ctx.operations.workflows.idle();
  await t.cleanup();
});

/** Lets event listeners (which run on a later tick) start their runs, then waits for the runs. */
async function settle(app: T = t) {
  await new Promise((r) => setTimeout(r, 30));
  await app.ctx.operations.workflows.idle();
}

/** Lets the change feed hand the change records written so far to its consumers, then waits for the runs. */
async function settleChanges(app: T = t) {
  await app.changeFeed.poll();
  await app.ctx.operations.workflows.idle();
}

function form(overrides: Partial<WorkflowForm> = {}): WorkflowForm {
  return {
    name: 'Tell the editor',
    trigger: 'manual',
    actions: [{ type: 'notify', config: { recipients: ['editor'] } }],
    enabled: true,
    ...overrides,
  };
}

async function createWorkflow(overrides: Partial<WorkflowForm> = {}) {
  const res = await t.call('POST', '/api/workflows', form(overrides));
  expect(res.status).toBe(201);
  return res.json;
}

async function runToEnd(id: number) {
  const res = await t.call('POST', '/api/workflows/execute', { workflowId: id });
  expect(res.status).toBe(200);
  expect(res.json.status).toBe('running');
  await t.ctx.operations.workflows.idle();
  const runs = (await t.call('GET', `/api/workflows/${id}/runs`)).json;
  return { workflow: (await t.call('GET', `/api/workflows/${id}`)).json, run: runs[0] };
}

async function createPost(overrides: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/api/posts', postBody(overrides));
  expect(res.status).toBe(201);
  return res.json;
}

describe('seeding', () => {
  it('seeds the spec’s three samples, idle, once', async () => {
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
    const w = await createWorkflow();
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
    const w = await createWorkflow({ trigger: 'schedule', scheduleConfig: { frequency: 'hourly', time: '00:15' } });
    expect(w.nextRun).toBe('2026-06-01T06:15:00.000Z');
    const off = await t.call('PUT', `/api/workflows/${w.id}/toggle`, { enabled: false });
    expect(off.json).toMatchObject({ enabled: false, nextRun: null });
    const on = await t.call('PUT', `/api/workflows/${w.id}/toggle`, { enabled: true });
    expect(on.json).toMatchObject({ enabled: true, nextRun: '2026-06-01T06:15:00.000Z' });
    expect((await t.call('PUT', `/api/workflows/${w.id}/toggle`, { enabled: 'yes' })).status).toBe(400);
    expect((await t.call('PUT', '/api/workflows/999/toggle', { enabled: true })).status).toBe(404);
  });
});

describe('execute', () => {
  it('goes idle → running → completed with a run log, counts the execution and notifies', async () => {
    const w = await createWorkflow();
    const { workflow, run } = await runToEnd(w.id);
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
    const w = await createWorkflow({
      actions: [{ type: 'publish', config: { condition: 'colour:blue' } }, { type: 'notify' }],
    });
    const { workflow, run } = await runToEnd(w.id);
    expect(workflow.status).toBe('failed');
    expect(run.status).toBe('failed');
    expect(run.steps.map((s: { status: string }) => s.status)).toEqual(['failed', 'not_run']);
    expect(run.error).toMatch(/Unknown publish condition/);
    const [latest] = (await t.call('GET', '/api/notifications')).json;
    expect(latest).toMatchObject({ type: 'error', title: 'Workflow Failed' });
  });

  it('refuses to run a disabled workflow (409) and a missing one (404)', async () => {
    const w = await createWorkflow({ enabled: false });
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

describe('actions against the real database', () => {
  it('publish: publishes the drafts matching its condition through the posts service (a change record each)', async () => {
    const tagged = await createPost({ title: 'Tagged draft one', tags: ['auto-publish'] });
    const other = await createPost({ title: 'Untagged draft' });
    const tagged2 = await createPost({ title: 'Tagged draft two', tags: ['Auto-Publish', 'x'] });
    const w = await createWorkflow({ actions: [{ type: 'publish', config: { condition: 'tag:auto-publish' } }] });
    const { run } = await runToEnd(w.id);
    expect(run.steps[0].status, run.steps[0].error).toBe('done');
    expect(run.steps[0].message).toMatch(/Published 2 drafts/);
    for (const p of [tagged, tagged2]) expect((await t.call('GET', `/api/posts/${p.id}`)).json.published).toBe(true);
    expect((await t.call('GET', `/api/posts/${other.id}`)).json.published).toBe(false);
    expect((await t.changes()).map((c) => [c.kind, c.postId, c.title, c.newSlug])).toEqual([
      ['published', tagged.id, 'Tagged draft one', tagged.slug],
      ['published', tagged2.id, 'Tagged draft two', tagged2.slug],
    ]);
  });

  it('publish without a condition is skipped, never publishes everything', async () => {
    const draft = await createPost();
    const w = await createWorkflow({ actions: [{ type: 'publish' }] });
    const { run } = await runToEnd(w.id);
    expect(run.status).toBe('completed');
    expect(run.steps[0].status).toBe('skipped');
    expect((await t.call('GET', `/api/posts/${draft.id}`)).json.published).toBe(false);
  });

  it('backup: writes a snapshot that opens and holds the posts, keeping the newest N', async () => {
    await createPost({ title: 'One', published: true });
    await createPost({ title: 'Two' });
    const w = await createWorkflow({ actions: [{ type: 'backup' }] });
    const { run } = await runToEnd(w.id);
    expect(run.steps[0].status, run.steps[0].error).toBe('done');
    const dir = join(t.dir, 'backups');
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    const copy = createClient({ url: `file:${join(dir, files[0]!)}` });
    const rows = await copy.execute('SELECT title FROM posts ORDER BY id');
    expect(rows.rows.map((r) => r.title)).toEqual(['One', 'Two']);
    copy.close();
    for (let i = 0; i < BACKUPS_KEPT + 2; i++) {
      t.clock.advance(1000);
      await runToEnd(w.id);
    }
    const kept = readdirSync(dir).sort();
    expect(kept).toHaveLength(BACKUPS_KEPT);
    expect(kept).not.toContain(files[0]); // the oldest went first
  });

  it('seo_check: analyses published posts and notifies about scores under 60', async () => {
    await createPost({ title: 'Short', published: true });
    await createPost({ title: 'A draft is not checked' });
    const w = await createWorkflow({ actions: [{ type: 'seo_check' }] });
    const { run } = await runToEnd(w.id);
    expect(run.steps[0].message).toMatch(/^1 of 1 articles score under 60/);
    const list = (await t.call('GET', '/api/notifications')).json;
    expect(list.find((n: { title: string }) => n.title === 'SEO Check: Articles Need Attention')).toMatchObject({
      type: 'warning',
      actionUrl: '/admin/seo',
      message: expect.stringContaining('“Short”'),
    });
  });

  it('social_share: skipped (never done) without webhooks; POSTs the post to each configured one', async () => {
    await createPost({ title: 'Shareable', published: true });
    const w = await createWorkflow({ actions: [{ type: 'social_share', config: { platforms: ['linkedin'] } }] });
    const { run } = await runToEnd(w.id);
    expect(run.steps[0]).toMatchObject({
      status: 'skipped',
      message: expect.stringMatching(/No social webhook configured/),
    });

    const calls: { url: string; body: string }[] = [];
    const runAction = createActionRunner({
      db: t.db,
      clock: t.clock,
      posts: t.ctx.posts,
      notifications: t.ctx.operations.notifications,
      backupDir: join(t.dir, 'b'),
      databaseUrl: t.url,
      siteUrl: 'https://northwire.example',
      socialWebhookUrls: ['https://hooks.example/a', 'https://hooks.example/b'],
      fetch: (async (url: string, init: RequestInit) => {
        calls.push({ url, body: String(init.body) });
        return new Response(null, { status: url.endsWith('/b') ? 500 : 200 });
      }) as typeof fetch,
    });
    const ctx = { workflow: { id: 1, name: 'Share' }, runId: 1, run: { trigger: 'manual' as const } };
    await expect(runAction({ type: 'social_share', config: { platforms: ['linkedin'] } }, ctx)).rejects.toThrow(
      /hooks.example answered 500/,
    );
    expect(calls.map((c) => c.url)).toEqual(['https://hooks.example/a', 'https://hooks.example/b']);
    expect(JSON.parse(calls[0]!.body)).toMatchObject({
      platforms: ['linkedin'],
      post: { title: 'Shareable', url: 'https://northwire.example/post/shareable' },
    });
  });
});

describe('schedule trigger', () => {
  it('builds DST-aware cron patterns in Stockholm', () => {
    expect(cronPattern({ frequency: 'hourly', time: '10:05' })).toBe('5 * * * *');
    expect(cronPattern({ frequency: 'weekly', time: '08:00', days: [5, 1] })).toBe('0 8 * * 1,5');
    expect(cronPattern({ frequency: 'monthly' })).toBe('0 9 1 * *');
    // 09:00 in Stockholm is 08:00Z in winter and 07:00Z in summer.
    expect(nextOccurrence({ frequency: 'daily', time: '09:00' }, new Date('2026-03-28T10:00:00Z'))?.toISOString()).toBe(
      '2026-03-29T07:00:00.000Z',
    );
    expect(nextOccurrence({ frequency: 'daily', time: '09:00' }, new Date('2026-03-27T10:00:00Z'))?.toISOString()).toBe(
      '2026-03-28T08:00:00.000Z',
    );
  });

  it('runs each occurrence exactly once, across ticks, restarts and two instances', async () => {
    const w = await createWorkflow({ trigger: 'schedule', scheduleConfig: { frequency: 'daily', time: '09:00' } });
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
    const w = await createWorkflow({ trigger: 'schedule', scheduleConfig: { frequency: 'daily', time: '09:00' } });
    t.clock.set('2026-06-04T12:00:00Z'); // three occurrences passed
    expect(await t.ctx.operations.workflows.tick()).toHaveLength(1);
    await t.ctx.operations.workflows.idle();
    expect(await t.ctx.operations.workflows.tick()).toEqual([]);
    expect((await t.call('GET', `/api/workflows/${w.id}`)).json.nextRun).toBe('2026-06-05T07:00:00.000Z');
  });

  it('does not run a disabled schedule', async () => {
    const w = await createWorkflow({ trigger: 'schedule', enabled: false, scheduleConfig: { frequency: 'hourly' } });
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

describe('event triggers', () => {
  it('runs on post_published and post_unpublished with the post in its context', async () => {
    const onPublish = await createWorkflow({ name: 'On publish', trigger: 'event', event: 'post_published' });
    const onUnpublish = await createWorkflow({ name: 'On unpublish', trigger: 'event', event: 'post_unpublished' });
    // The app's first write: the feed's consumers start before it, so even this change reaches them.
    const post = await createPost({ published: true });
    await settleChanges();
    const runs = (await t.call('GET', `/api/workflows/${onPublish.id}/runs`)).json;
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      status: 'completed',
      trigger: 'event',
      context: { event: 'post_published', post: { id: post.id, slug: post.slug } },
    });
    expect((await t.call('GET', `/api/workflows/${onUnpublish.id}/runs`)).json).toHaveLength(0);
    await t.call('PUT', `/api/posts/${post.id}`, { published: false });
    await settleChanges();
    const unpublishRuns = (await t.call('GET', `/api/workflows/${onUnpublish.id}/runs`)).json;
    expect(unpublishRuns).toHaveLength(1);
    expect(unpublishRuns[0]).toMatchObject({
      status: 'completed',
      context: { event: 'post_unpublished', post: { id: post.id, slug: post.slug } },
    });
    // Each change starts its workflows once, however often the feed is polled.
    await settleChanges();
    expect((await t.call('GET', `/api/workflows/${onPublish.id}/runs`)).json).toHaveLength(1);
    expect((await t.call('GET', `/api/workflows/${onUnpublish.id}/runs`)).json).toHaveLength(1);
  });

  it('a second instance on the same database does not run an event workflow again', async () => {
    const onPublish = await createWorkflow({ name: 'On publish', trigger: 'event', event: 'post_published' });
    // A second server: its own connection to the same database file, its own change feed.
    const other = await testApp({ db: await openDb(t.url), url: t.url, dir: t.dir, start: '2026-06-01T06:00:00Z' });
    extra.push(other);
    await createPost({ published: true });
    await Promise.all([settleChanges(), settleChanges(other)]);
    await settleChanges(other); // after the first run finished, so a second delivery would start a second run
    expect((await t.call('GET', `/api/workflows/${onPublish.id}/runs`)).json).toHaveLength(1);
    await other.cleanup();
  });

  it('runs on build_failed, and not when disabled', async () => {
    const failing = await testApp({
      start: '2026-06-01T06:00:00Z',
      renderer: recordingRenderer({ fail: () => 'astro exploded' }),
    });
    extra.push(failing);
    await failing.login();
    const created = await failing.call('POST', '/api/workflows', form({ trigger: 'event', event: 'build_failed' }));
    const disabled = await failing.call(
      'POST',
      '/api/workflows',
      form({ trigger: 'event', event: 'build_failed', enabled: false }),
    );
    await failing.call('POST', '/api/posts', postBody({ published: true }));
    await vi.waitFor(async () =>
      expect((await failing.call('GET', `/api/workflows/${created.json.id}/runs`)).json).toHaveLength(1),
    );
    await failing.builder.idle();
    await settle(failing);
    expect((await failing.call('GET', `/api/workflows/${disabled.json.id}/runs`)).json).toHaveLength(0);
    await failing.cleanup();
    extra.pop();
  });
});

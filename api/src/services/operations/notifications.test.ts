import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATIONS_MAX } from 'content-schema/site';
import { postBody, testApp } from '../../test-utils.ts';

type T = Awaited<ReturnType<typeof testApp>>;
let t: T;
afterEach(async () => {
  await t.ctx.operations.workflows.idle();
  await t.cleanup();
});

const settle = () => new Promise((r) => setTimeout(r, 30));

async function start(opts: Parameters<typeof testApp>[0] = {}) {
  t = await testApp(opts);
  await t.login();
}

async function list() {
  const res = await t.call('GET', '/api/notifications');
  expect(res.status).toBe(200);
  return res.json as {
    id: number;
    type: string;
    title: string;
    message: string;
    read: boolean;
    actionUrl: string | null;
    timestamp: string;
  }[];
}

describe('notifications from real events', () => {
  it('a scheduled post going live', async () => {
    await start();
    const post = (await t.call('POST', '/api/posts', postBody())).json;
    await t.call('POST', '/api/schedule-post', {
      postId: post.id,
      publishDateTime: '2026-06-01T12:30',
      timezone: 'Europe/Stockholm',
    });
    t.clock.set('2026-06-01T10:31:00Z');
    await t.ctx.scheduler.publishDue();
    await settle();
    expect((await list())[0]).toMatchObject({
      type: 'success',
      title: 'Scheduled Post Published',
      message: `“${post.title}” is now live.`,
      actionUrl: `/post/${post.slug}`,
      read: false,
      timestamp: '2026-06-01T10:31:00.000Z',
    });
  });

  it('a scheduled publication failing', async () => {
    await start();
    const post = (await t.call('POST', '/api/posts', postBody())).json;
    await t.call('POST', '/api/schedule-post', {
      postId: post.id,
      publishDateTime: '2026-06-01T12:30',
      timezone: 'Europe/Stockholm',
    });
    // Published some other way behind the scheduler's back (e.g. by another instance's direct write).
    await t.db.$client.execute({ sql: 'UPDATE posts SET published = 1 WHERE id = ?', args: [post.id] });
    t.clock.set('2026-06-01T10:31:00Z');
    await t.ctx.scheduler.publishDue();
    await settle();
    expect((await list())[0]).toMatchObject({ type: 'error', title: 'Scheduled Publication Failed' });
  });

  it('a build failing, then recovering', async () => {
    let fail = true;
    await start({
      runBuild: async (outDir) => {
        if (fail) throw new Error('astro exploded\nstack');
        mkdirSync(outDir, { recursive: true });
        writeFileSync(join(outDir, 'index.html'), '<!doctype html>');
      },
    });
    // The publish requests its rebuild in the background; the build and its event follow.
    await t.call('POST', '/api/posts', postBody({ published: true }));
    await vi.waitFor(async () =>
      expect((await list())[0]).toMatchObject({
        type: 'error',
        title: 'Site Build Failed',
        message: expect.stringContaining('astro exploded'),
      }),
    );
    fail = false;
    await t.call('POST', '/api/posts', postBody({ title: 'Second', published: true }));
    await vi.waitFor(async () =>
      expect((await list())[0]).toMatchObject({ type: 'success', title: 'Site Build Recovered' }),
    );
    await t.builder.idle();
  });

  it.each([
    [
      { postId: 7, title: 'Daily brief', kind: 'daily' as const, ok: true },
      'success',
      'Daily post Generated',
      '/admin/edit/7',
    ],
    [
      { postId: 0, title: '', kind: 'deep-dive' as const, ok: false, error: 'LLM timed out' },
      'error',
      'Generation Failed',
      '/admin/automation',
    ],
  ])('generation finishing (%o)', async (payload, type, title, actionUrl) => {
    await start();
    t.events.emit('generation_finished', payload);
    await settle();
    expect((await list())[0]).toMatchObject({ type, title, actionUrl });
  });

  it('a failed-login lockout', async () => {
    await start();
    t.logout();
    for (let i = 0; i < 6; i++)
      await t.call('POST', '/api/auth/login', { username: 'admin', password: 'wrong-password-1' });
    await settle();
    t.clock.advance(2 * 60 * 60_000); // let the lockout pass
    await t.login();
    expect((await list()).some((n) => n.type === 'warning' && n.title === 'Sign-in Locked')).toBe(true);
  });

  it('workflow completed and failed (see workflows.test.ts) come from the run itself', async () => {
    await start();
    const ok = await t.call('POST', '/api/workflows', { name: 'Empty', trigger: 'manual', actions: [], enabled: true });
    await t.call('POST', '/api/workflows/execute', { workflowId: ok.json.id });
    await t.ctx.operations.workflows.idle();
    expect((await list())[0]).toMatchObject({
      type: 'success',
      title: 'Workflow Completed',
      message: '“Empty” completed: 0 steps done.',
    });
  });
});

describe('the notification API', () => {
  it('keeps only the newest 20, newest first', async () => {
    await start();
    for (let i = 1; i <= 25; i++)
      await t.ctx.operations.notifications.create({ type: 'info', title: `N${i}`, message: 'm' });
    const items = await list();
    expect(items).toHaveLength(NOTIFICATIONS_MAX);
    expect(items[0]!.title).toBe('N25');
    expect(items.at(-1)!.title).toBe('N6');
    const stored = await t.db.$client.execute('SELECT count(*) AS n FROM notifications');
    expect(Number(stored.rows[0]!.n)).toBe(NOTIFICATIONS_MAX);
  });

  it('marks one read, marks all read, removes; 404 for unknown ids; needs a session', async () => {
    await start();
    const a = await t.ctx.operations.notifications.create({ type: 'info', title: 'A', message: 'm' });
    const b = await t.ctx.operations.notifications.create({ type: 'warning', title: 'B', message: 'm' });
    await t.ctx.operations.notifications.create({ type: 'error', title: 'C', message: 'm' });
    expect((await t.call('PUT', `/api/notifications/${a.id}/read`)).json).toMatchObject({ id: a.id, read: true });
    expect((await list()).map((n) => n.read)).toEqual([false, false, true]);
    expect((await t.call('PUT', '/api/notifications/read-all')).json).toEqual({ updated: 2 });
    expect((await list()).every((n) => n.read)).toBe(true);
    expect((await t.call('DELETE', `/api/notifications/${b.id}`)).status).toBe(200);
    expect((await list()).map((n) => n.title)).toEqual(['C', 'A']);
    expect((await t.call('DELETE', `/api/notifications/${b.id}`)).status).toBe(404);
    expect((await t.call('PUT', '/api/notifications/999/read')).status).toBe(404);
    t.logout();
    expect((await t.call('GET', '/api/notifications')).status).toBe(401);
  });
});

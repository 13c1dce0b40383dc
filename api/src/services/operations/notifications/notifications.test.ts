import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATIONS_MAX } from 'content-schema/site';
import { openDb } from '../../../db/client.ts';
import { postBody, recordingRenderer, testApp } from '../../../test-utils.ts';

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
    actionText: string | null;
    timestamp: string;
    count: number;
  }[];
}

describe('notifications from real events', () => {
  it('a scheduled post going live (from its change record, once)', async () => {
    await start();
    const post = (await t.call('POST', '/api/posts', postBody())).json;
    await t.call('POST', '/api/schedule-post', {
      postId: post.id,
      publishDateTime: '2026-06-01T12:30',
      timezone: 'Europe/Stockholm',
    });
    t.clock.set('2026-06-01T10:31:00Z');
    await t.ctx.scheduler.publishDue();
    await t.changeFeed.poll();
    expect((await list())[0]).toMatchObject({
      type: 'success',
      title: 'Scheduled Post Published',
      message: `“${post.title}” is now live.`,
      actionUrl: `/post/${post.slug}`,
      read: false,
      timestamp: '2026-06-01T10:31:00.000Z',
    });
    await t.changeFeed.poll();
    expect((await list()).filter((n) => n.title === 'Scheduled Post Published')).toHaveLength(1);
  });

  it('a scheduled post deleted since: its notification says so instead of linking to a missing page', async () => {
    await start();
    const post = (await t.call('POST', '/api/posts', postBody())).json;
    const other = (await t.call('POST', '/api/posts', postBody({ title: 'Another scheduled one' }))).json;
    for (const p of [post, other])
      await t.call('POST', '/api/schedule-post', {
        postId: p.id,
        publishDateTime: '2026-06-01T12:30',
        timezone: 'Europe/Stockholm',
      });
    t.clock.set('2026-06-01T10:31:00Z');
    await t.ctx.scheduler.publishDue();
    await t.changeFeed.poll();
    expect((await t.call('DELETE', `/api/posts/${post.id}`)).status).toBe(200);
    // Renamed, the other one's link follows its new address.
    await t.call('PUT', `/api/posts/${other.id}`, { slug: 'renamed-scheduled-one' });
    await t.changeFeed.poll();
    const published = (await list()).filter((n) => n.title === 'Scheduled Post Published');
    expect(published.find((n) => n.message.startsWith(`“${post.title}”`))).toMatchObject({
      message: `“${post.title}” is now live. The post has since been deleted.`,
      actionUrl: null,
      actionText: null,
    });
    expect(published.find((n) => n.message.startsWith('“Another'))).toMatchObject({
      message: '“Another scheduled one” is now live.',
      actionUrl: '/post/renamed-scheduled-one',
      actionText: 'View post',
    });
  });

  it('a scheduled post unpublished since: its notification opens the editor instead, saying why', async () => {
    await start();
    const post = (await t.call('POST', '/api/posts', postBody())).json;
    await t.call('POST', '/api/schedule-post', {
      postId: post.id,
      publishDateTime: '2026-06-01T12:30',
      timezone: 'Europe/Stockholm',
    });
    t.clock.set('2026-06-01T10:31:00Z');
    await t.ctx.scheduler.publishDue();
    await t.call('PUT', `/api/posts/${post.id}`, { published: false });
    await t.changeFeed.poll();
    expect((await list()).find((n) => n.title === 'Scheduled Post Published')).toMatchObject({
      message: `“${post.title}” is now live. The post has since been unpublished.`,
      actionUrl: `/admin/edit/${post.id}`,
      actionText: 'Edit post',
    });
  });

  it('a post published by the editor is not announced as a scheduled publication', async () => {
    await start();
    await t.call('POST', '/api/posts', postBody({ published: true }));
    await t.changeFeed.poll();
    expect(await list()).toEqual([]);
  });

  it('scheduled publications are announced once across two instances on one database', async () => {
    await start();
    // A second server: its own connection to the same database file, its own change feed.
    const other = await testApp({ db: await openDb(t.url), url: t.url, dir: t.dir });
    const ids: number[] = [];
    for (const title of ['First story', 'Second story', 'Third story']) {
      const post = (await t.call('POST', '/api/posts', postBody({ title }))).json;
      ids.push(post.id);
      await t.call('POST', '/api/schedule-post', {
        postId: post.id,
        publishDateTime: '2026-06-01T12:30',
        timezone: 'Europe/Stockholm',
      });
    }
    t.clock.set('2026-06-01T10:31:00Z');
    other.clock.set('2026-06-01T10:31:00Z');
    await Promise.all([t.ctx.scheduler.publishDue(), other.ctx.scheduler.publishDue()]);
    await Promise.all([t.changeFeed.poll(), other.changeFeed.poll()]);
    await Promise.all([t.changeFeed.poll(), other.changeFeed.poll()]);
    const announced = (await list()).filter((n) => n.title === 'Scheduled Post Published').map((n) => n.message);
    expect(announced.sort()).toEqual([
      '“First story” is now live.',
      '“Second story” is now live.',
      '“Third story” is now live.',
    ]);
    await other.cleanup();
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
    await start({ renderer: recordingRenderer({ fail: () => (fail ? 'astro exploded\nstack' : null) }) });
    // The publish wakes the builder in the background; the build and its event follow.
    await t.call('POST', '/api/posts', postBody({ published: true }));
    await t.builder.kick();
    await vi.waitFor(async () =>
      expect((await list())[0]).toMatchObject({
        type: 'error',
        title: 'Site Build Failed',
        message: expect.stringContaining('astro exploded'),
      }),
    );
    expect((await list())[0]!.message).not.toContain('stack'); // the first line of the error only
    expect((await t.builder.status()).last).toMatchObject({ state: 'failed' });
    fail = false;
    t.clock.advance(2000); // past the first retry delay
    await t.call('POST', '/api/posts', postBody({ title: 'Second', published: true }));
    await t.builder.kick();
    expect((await t.builder.status()).last).toMatchObject({ state: 'succeeded' });
    await vi.waitFor(async () =>
      expect((await list())[0]).toMatchObject({ type: 'success', title: 'Site Build Recovered' }),
    );
    expect((await list()).map((n) => n.title)).toEqual(['Site Build Recovered', 'Site Build Failed']);
    // Only a success after a failure is a recovery.
    await t.call('POST', '/api/posts', postBody({ title: 'Third', published: true }));
    await t.builder.kick();
    await settle();
    expect((await list()).map((n) => n.title)).toEqual(['Site Build Recovered', 'Site Build Failed']);
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
    t.forgetDevice(); // guesses from a browser that never signed in (a remembered one has its own, larger allowance)
    for (let i = 0; i < 6; i++)
      await t.call('POST', '/api/auth/login', { username: 'admin', password: 'wrong-password-1' });
    await settle();
    t.clock.advance(2 * 60 * 60_000); // let the lockout pass
    await t.login();
    expect((await list()).some((n) => n.type === 'warning' && n.title === 'Sign-in Locked')).toBe(true);
  });

  it('workflow completed and failed (see workflows/runs.test.ts) come from the run itself', async () => {
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

describe('routine events are grouped, caps are per type', () => {
  it('workflow completions make one notification whose count and message follow the runs, until it is read', async () => {
    await start();
    const w = (await t.call('POST', '/api/workflows', { name: 'Empty', trigger: 'manual', actions: [], enabled: true }))
      .json;
    await t.ctx.operations.notifications.create({ type: 'error', title: 'Site Build Failed', message: 'important' });
    for (let i = 0; i < 25; i++) {
      await t.call('POST', '/api/workflows/execute', { workflowId: w.id });
      await t.ctx.operations.workflows.idle();
    }
    let items = await list();
    expect(items.map((n) => n.title)).toEqual(['Workflow Completed', 'Site Build Failed']);
    expect(items[0]).toMatchObject({ count: 25, read: false, message: '“Empty” completed: 0 steps done.' });
    await t.call('PUT', `/api/notifications/${items[0]!.id}/read`);
    await t.call('POST', '/api/workflows/execute', { workflowId: w.id });
    await t.ctx.operations.workflows.idle();
    items = await list();
    // Read, then a new run: a fresh unread notification counting from one.
    expect(items.filter((n) => n.title === 'Workflow Completed')).toMatchObject([{ count: 1, read: false }]);
  });

  it('a burst of one type never pushes out another type; each type keeps its newest 20', async () => {
    await start();
    const { notifications } = t.ctx.operations;
    await notifications.create({ type: 'error', title: 'Site Build Failed', message: 'important' });
    await notifications.create({ type: 'warning', title: 'Change Not Live Yet', message: 'also important' });
    for (let i = 1; i <= 30; i++)
      await notifications.create({ type: 'success', title: `Done ${i}`, message: 'routine' });
    const items = await list();
    expect(items.filter((n) => n.type === 'success')).toHaveLength(NOTIFICATIONS_MAX);
    expect(items.filter((n) => n.type === 'success')[0]!.title).toBe('Done 30');
    expect(items.filter((n) => n.type === 'success').at(-1)!.title).toBe('Done 11');
    expect(items.map((n) => n.title)).toEqual(expect.arrayContaining(['Site Build Failed', 'Change Not Live Yet']));
    expect(items).toHaveLength(NOTIFICATIONS_MAX + 2);
  });

  it("the editor's AI writers tab (an unsaved draft) is not announced as a saved draft, nor linked to /admin/edit/0", async () => {
    await start();
    const res = await t.call('POST', '/api/automation/generate', {
      personaId: 'ai-strategy',
      topic: 'Open banking in the Nordics',
    });
    expect(res.status).toBe(200);
    await settle();
    const items = await list();
    expect(items.filter((n) => n.actionUrl === '/admin/edit/0')).toEqual([]);
    expect(items.filter((n) => /saved as a draft/.test(n.message))).toEqual([]);
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

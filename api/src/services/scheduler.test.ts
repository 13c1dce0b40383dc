import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDb } from '../db/client.ts';
import { posts } from '../db/schema.ts';
import { startJob } from '../lib/jobs.ts';
import { postBody, testApp } from '../test-utils.ts';

type T = Awaited<ReturnType<typeof testApp>>;
let t: T;
beforeEach(async () => {
  t = await testApp({ start: '2026-06-01T10:00:00Z' });
  await t.login();
});
afterEach(() => t.cleanup());

async function draft(title = 'Scheduled story') {
  return (await t.call('POST', '/api/posts', postBody({ title }))).json as { id: number; slug: string };
}

describe('POST /api/schedule-post', () => {
  it.each([
    ['a wall-clock time in New York (EDT)', '2026-07-01T09:00', 'America/New_York', '2026-07-01T13:00:00.000Z'],
    ['a wall-clock time in New York (EST)', '2026-12-01T09:00', 'America/New_York', '2026-12-01T14:00:00.000Z'],
    ['a wall-clock time in Stockholm', '2026-12-01T09:00', 'Europe/Stockholm', '2026-12-01T08:00:00.000Z'],
    [
      'the first of the repeated hour when clocks go back',
      '2026-10-25T02:30',
      'Europe/Stockholm',
      '2026-10-25T00:30:00.000Z',
    ],
    [
      'an instant with an offset, whatever the zone',
      '2026-07-01T09:00:00+02:00',
      'America/Los_Angeles',
      '2026-07-01T07:00:00.000Z',
    ],
    ['a UTC instant', '2026-07-01T09:00:00Z', 'Europe/London', '2026-07-01T09:00:00.000Z'],
  ])('stores %s as the right instant', async (_label, publishDateTime, timezone, instant) => {
    const post = await draft();
    const res = await t.call('POST', '/api/schedule-post', { postId: post.id, publishDateTime, timezone });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      postId: post.id,
      publishDate: instant,
      timezone,
      status: 'scheduled',
      postTitle: 'Scheduled story',
    });
  });

  it.each([
    [
      'a time that does not exist (DST gap)',
      { publishDateTime: '2026-03-29T02:30', timezone: 'Europe/Stockholm' },
      /does not exist/,
    ],
    ['a past time', { publishDateTime: '2026-05-01T09:00', timezone: 'Europe/Stockholm' }, /must be in the future/],
    ['an unknown zone', { publishDateTime: '2026-12-01T09:00', timezone: 'Mars/Olympus' }, /Unknown time zone/],
    ['a malformed date', { publishDateTime: 'tomorrow', timezone: 'Europe/Stockholm' }, /ISO date/],
    ['an impossible date', { publishDateTime: '2026-02-30T10:00', timezone: 'Europe/Stockholm' }, /not a valid date/],
  ])('refuses %s with 400', async (_label, body, message) => {
    const post = await draft();
    const res = await t.call('POST', '/api/schedule-post', { postId: post.id, ...body });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatch(message);
    expect((await t.call('GET', '/api/scheduled-posts')).json).toEqual([]);
  });

  it('refuses published posts, double schedules, unknown posts and a non-numeric postId', async () => {
    const post = await draft();
    const body = { postId: post.id, publishDateTime: '2026-12-01T09:00', timezone: 'Europe/Stockholm' };
    expect((await t.call('POST', '/api/schedule-post', body)).status).toBe(201);
    expect((await t.call('POST', '/api/schedule-post', body)).json.error).toMatch(/already scheduled/);
    const live = (await t.call('POST', '/api/posts', postBody({ published: true }))).json;
    expect((await t.call('POST', '/api/schedule-post', { ...body, postId: live.id })).json.error).toMatch(
      /Only drafts/,
    );
    expect((await t.call('POST', '/api/schedule-post', { ...body, postId: 999 })).status).toBe(404);
    expect((await t.call('POST', '/api/schedule-post', { ...body, postId: '1' })).status).toBe(400);
  });

  it('needs a session', async () => {
    t.logout();
    expect((await t.call('GET', '/api/scheduled-posts')).status).toBe(401);
    expect((await t.call('POST', '/api/schedule-post', {})).status).toBe(401);
    expect((await t.call('DELETE', '/api/scheduled-posts/1')).status).toBe(401);
  });
});

describe('DELETE /api/scheduled-posts/{id}', () => {
  it('cancels a scheduled row once; then 409; unknown 404', async () => {
    const post = await draft();
    const s = (
      await t.call('POST', '/api/schedule-post', {
        postId: post.id,
        publishDateTime: '2026-12-01T09:00',
        timezone: 'Europe/Stockholm',
      })
    ).json;
    const res = await t.call('DELETE', `/api/scheduled-posts/${s.id}`);
    expect(res.status).toBe(200);
    expect(res.json.status).toBe('canceled');
    expect((await t.call('DELETE', `/api/scheduled-posts/${s.id}`)).status).toBe(409);
    expect((await t.call('DELETE', '/api/scheduled-posts/999')).status).toBe(404);
    await t.ctx.scheduler.publishDue();
    t.clock.set('2026-12-02T00:00:00Z');
    await t.ctx.scheduler.publishDue();
    expect((await t.ctx.posts.byId(post.id, { isAdmin: true })).published).toBe(false);
  });
});

describe('publishing due schedules', () => {
  it('publishes exactly once when due and writes one change record of the scheduled publication', async () => {
    const post = await draft();
    const s = (
      await t.call('POST', '/api/schedule-post', {
        postId: post.id,
        publishDateTime: '2026-06-01T12:30',
        timezone: 'Europe/Stockholm',
      })
    ).json;
    t.clock.set('2026-06-01T10:29:59Z');
    expect(await t.ctx.scheduler.publishDue()).toEqual([]);
    t.clock.set('2026-06-01T10:30:00Z');
    expect(await t.ctx.scheduler.publishDue()).toEqual([s.id]);
    expect(await t.ctx.scheduler.publishDue()).toEqual([]);
    const after = (await t.call('GET', `/api/posts/${post.id}`)).json;
    expect(after.published).toBe(true);
    expect(after.publishedAt).toBe('2026-06-01T10:30:00.000Z');
    expect((await t.call('GET', '/api/scheduled-posts')).json[0].status).toBe('published');
    // The draft wrote none; the publication exactly one, which the notification and workflows read.
    expect(await t.changes()).toEqual([
      expect.objectContaining({
        postId: post.id,
        kind: 'published',
        via: 'schedule',
        title: 'Scheduled story',
        oldSlug: null,
        newSlug: post.slug,
        oldCategory: null,
        newCategory: 'Energy Future',
        createdAt: new Date('2026-06-01T10:30:00Z'),
      }),
    ]);
  });

  it('two scheduler instances on one database file publish each post once', async () => {
    const ids = [];
    for (let i = 0; i < 8; i++) ids.push((await draft(`Race ${i}`)).id);
    for (const id of ids)
      await t.call('POST', '/api/schedule-post', {
        postId: id,
        publishDateTime: '2026-06-01T12:30',
        timezone: 'Europe/Stockholm',
      });
    // A second app with its own connection to the same file, as a second server would have.
    const other = await testApp({ db: await openDb(t.url), url: t.url, dir: t.dir, start: '2026-06-01T11:00:00Z' });
    t.clock.set('2026-06-01T11:00:00Z');
    const [a, b] = await Promise.all([t.ctx.scheduler.publishDue(), other.ctx.scheduler.publishDue()]);
    expect([...a, ...b].sort()).toHaveLength(8);
    expect(new Set([...a, ...b]).size).toBe(8);
    // Exactly one 'published' record via the schedule per post, whichever instance published it.
    const changes = await t.changes();
    expect(changes.every((c) => c.kind === 'published' && c.via === 'schedule')).toBe(true);
    expect(changes.map((c) => c.postId).sort((x, y) => x - y)).toEqual(ids);
    await other.cleanup();
  });

  it('catches up schedules that fell due while the server was down', async () => {
    const post = await draft();
    await t.call('POST', '/api/schedule-post', {
      postId: post.id,
      publishDateTime: '2026-06-01T13:00',
      timezone: 'Europe/Stockholm',
    });
    // "Restart" three hours later: a new app on the same database starts its scheduler.
    const restarted = await testApp({ db: t.db, dir: t.dir, start: '2026-06-01T14:00:00Z' });
    const stop = startJob({ ...restarted.ctx.scheduler.job, everyMs: 60_000 });
    await expect.poll(async () => (await restarted.call('GET', `/api/posts/${post.id}`)).json.published).toBe(true);
    await stop();
  });

  it('publishing by hand through the API cancels the schedule', async () => {
    const post = await draft();
    const s = (
      await t.call('POST', '/api/schedule-post', {
        postId: post.id,
        publishDateTime: '2026-06-01T13:00',
        timezone: 'Europe/Stockholm',
      })
    ).json;
    await t.call('PUT', `/api/posts/${post.id}`, { published: true });
    const rows = (await t.call('GET', '/api/scheduled-posts')).json;
    expect(rows.find((r: { id: number }) => r.id === s.id)).toMatchObject({
      status: 'canceled',
      error: 'Published manually',
    });
  });

  it('marks a due schedule failed, with the reason and a notification, when its post was published without cancelling it', async () => {
    const post = await draft();
    const s = (
      await t.call('POST', '/api/schedule-post', {
        postId: post.id,
        publishDateTime: '2026-06-01T13:00',
        timezone: 'Europe/Stockholm',
      })
    ).json;
    // Published by a path that does not cancel schedules (another tool writing the database, an import).
    await t.db.update(posts).set({ published: true, publishedAt: t.clock.now() }).where(eq(posts.id, post.id));
    const changesBefore = (await t.changes()).length;
    t.clock.set('2026-06-01T12:00:00Z');
    expect(await t.ctx.scheduler.publishDue()).toEqual([]);
    const rows = (await t.call('GET', '/api/scheduled-posts')).json;
    expect(rows.find((r: { id: number }) => r.id === s.id)).toMatchObject({
      status: 'failed',
      error: 'The post was already published',
    });
    expect(await t.changes()).toHaveLength(changesBefore); // no second 'published' record
    await expect
      .poll(async () =>
        (await t.call('GET', '/api/notifications')).json.map((n: { title: string; message: string }) => [
          n.title,
          n.message,
        ]),
      )
      .toContainEqual([expect.stringMatching(/fail/i), expect.stringContaining('Scheduled story')]);
    // A failed schedule is never tried again.
    t.clock.set('2026-06-01T13:00:00Z');
    expect(await t.ctx.scheduler.publishDue()).toEqual([]);
    expect((await t.call('GET', '/api/scheduled-posts')).json.find((r: { id: number }) => r.id === s.id).status).toBe(
      'failed',
    );
  });

  it('fails a due schedule of an unfinished AI draft with the reason, and publishes it once finished', async () => {
    const unfinished =
      '> **Outline draft.** Remove this note before publishing.\n\n## Why\n\nGrids. [Source needed: queue data]';
    const post = (await t.call('POST', '/api/posts', postBody({ title: 'Half-written', content: unfinished }))).json;
    const schedule = { postId: post.id, publishDateTime: '2026-06-01T13:00', timezone: 'Europe/Stockholm' };
    const s = (await t.call('POST', '/api/schedule-post', schedule)).json;
    // Another post due at the same time still goes live: the unfinished one holds nothing up.
    const other = await draft();
    const o = (await t.call('POST', '/api/schedule-post', { ...schedule, postId: other.id })).json;
    t.clock.set('2026-06-01T12:00:00Z');
    expect(await t.ctx.scheduler.publishDue()).toEqual([o.id]);
    const reason =
      'This draft is unfinished and cannot be published: it still holds 1 “[Source needed]” placeholder, and the ' +
      'generator’s note “Outline draft. Remove this note before publishing.” Replace or remove them first.';
    const rows = (await t.call('GET', '/api/scheduled-posts')).json;
    expect(rows.find((r: { id: number }) => r.id === s.id)).toMatchObject({ status: 'failed', error: reason });
    expect((await t.call('GET', `/api/posts/${post.id}`)).json).toMatchObject({ published: false, version: 1 });
    expect((await t.changes()).map((c) => c.postId)).toEqual([other.id]);
    await expect
      .poll(async () =>
        (await t.call('GET', '/api/notifications')).json.map((n: { title: string; message: string }) => n.message),
      )
      .toContainEqual(expect.stringContaining(reason));

    // Finished and scheduled again, it goes live.
    await t.call('PUT', `/api/posts/${post.id}`, { content: '## Why\n\nGrids take years to build.' });
    const again = (await t.call('POST', '/api/schedule-post', { ...schedule, publishDateTime: '2026-06-01T15:00' }))
      .json;
    t.clock.set('2026-06-01T13:00:00Z');
    expect(await t.ctx.scheduler.publishDue()).toEqual([again.id]);
    expect((await t.call('GET', `/api/posts/${post.id}`)).json.published).toBe(true);
  });

  it('deleting a post removes its schedule', async () => {
    const post = await draft();
    await t.call('POST', '/api/schedule-post', {
      postId: post.id,
      publishDateTime: '2026-06-01T13:00',
      timezone: 'Europe/Stockholm',
    });
    await t.call('DELETE', `/api/posts/${post.id}`);
    expect((await t.call('GET', '/api/scheduled-posts')).json).toEqual([]);
    t.clock.set('2026-06-02T00:00:00Z');
    expect(await t.ctx.scheduler.publishDue()).toEqual([]);
  });
});

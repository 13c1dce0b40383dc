import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { migrateDb, openDb } from '../../db/client.ts';
import { ADMIN_PASSWORD, ORIGIN, postBody, testApp } from '../../test-utils.ts';
import { VIEW_LIMITS } from './views-limiter.ts';
import { createViewsService } from './views.ts';
import { threadViewsWriter, type ViewsWriter } from './views-writer.ts';

type T = Awaited<ReturnType<typeof testApp>>;
let t: T;
let slug: string;
let postId: number;
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

beforeEach(async () => {
  t = await testApp();
  await t.login();
  const post = (await t.call('POST', '/api/posts', postBody({ published: true }))).json;
  slug = post.slug;
  postId = post.id;
  t.logout();
});
afterEach(() => t.cleanup());

/** A beacon as navigator.sendBeacon sends it: text/plain, same-origin Origin, no cookie. */
function beacon(body: unknown, headers: Record<string, string> = {}) {
  return t.app.request(`${ORIGIN}/api/views`, {
    method: 'POST',
    headers: { Origin: ORIGIN, 'Content-Type': 'text/plain;charset=UTF-8', 'User-Agent': UA, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Flushes (the writer thread writes to the primary) and reads the counters back. */
async function stats() {
  await t.ctx.operations.views.flush();
  await t.db.$replica?.catchUp(Date.now());
  const res = await t.db.$client.execute('SELECT * FROM post_stats_daily ORDER BY post_id, day');
  return res.rows.map((r) => ({ ...r }));
}
async function referrers() {
  await t.db.$replica?.catchUp(Date.now());
  const res = await t.db.$client.execute('SELECT host, views FROM post_referrers_daily ORDER BY post_id, host');
  return res.rows.map((r) => ({ ...r }));
}
const meta = (client: string) => ({ client, userAgent: UA, optOut: false });

describe('POST /api/views', () => {
  it('counts a view from a text/plain beacon, answering 204 without setting a cookie', async () => {
    const res = await beacon({ slug, event: 'view', referrer: 'news.ycombinator.com' });
    expect(res.status).toBe(204);
    expect(res.headers.get('Set-Cookie')).toBeNull();
    expect(await stats()).toEqual([expect.objectContaining({ post_id: postId, day: '2026-06-01', views: 1 })]);
    expect(await referrers()).toEqual([{ host: 'news.ycombinator.com', views: 1 }]);
  });

  it.each([
    ['not JSON', 'slug=x'],
    ['no slug', { event: 'view' }],
    ['a bad slug', { slug: '../etc', event: 'view' }],
    ['an unknown event', { slug: 'x', event: 'click' }],
    ['a full URL as referrer', { slug: 'x', event: 'view', referrer: 'https://evil.example/path?q=1' }],
    ['completion above 100', { slug: 'x', event: 'leave', completion: 101 }],
    ['a leave without completion', { slug: 'x', event: 'leave' }],
    ['extra fields', { slug: 'x', event: 'view', userAgent: 'x' }],
  ])('refuses %s with 400', async (_name, body: string | Record<string, unknown>) => {
    const res = await beacon(typeof body === 'string' ? body : { ...body, ...(body.slug === 'x' ? { slug } : {}) });
    expect(res.status).toBe(400);
    expect(await stats()).toEqual([]);
  });

  it('refuses a body larger than a beacon (413)', async () => {
    expect(
      (await beacon({ slug, event: 'view', referrer: `${'a'.repeat(60)}.example`, pad: 'x'.repeat(2000) })).status,
    ).toBe(413);
  });

  it('refuses unknown and unpublished slugs with 404 once the published slugs are read', async () => {
    await t.changeFeed.idle(); // the publish of beforeEach has reached every consumer
    await t.ctx.operations.views.loadSlugs();
    expect((await beacon({ slug: 'no-such-post', event: 'view' })).status).toBe(404);
    await t.login();
    const draft = (await t.call('POST', '/api/posts', postBody({ title: 'A draft' }))).json;
    await t.changeFeed.idle();
    expect((await beacon({ slug: draft.slug, event: 'view' })).status).toBe(404);
    expect(await stats()).toEqual([]);
  });

  it('does not count the signed-in editor', async () => {
    await t.login();
    expect((await t.call('POST', '/api/views', { slug, event: 'view' }, { 'User-Agent': UA })).status).toBe(204);
    expect(await stats()).toEqual([]);
  });

  it('refuses a foreign Origin (403)', async () => {
    expect((await beacon({ slug, event: 'view' }, { Origin: 'https://evil.example' })).status).toBe(403);
  });

  it.each([
    ['DNT: 1', { DNT: '1' }],
    ['Sec-GPC: 1', { 'Sec-GPC': '1' }],
  ])('honours %s: 204 and nothing counted, not even bad input is looked at', async (_name, headers) => {
    expect((await beacon({ slug, event: 'view' }, headers)).status).toBe(204);
    expect((await beacon('garbage', headers)).status).toBe(204);
    expect(await stats()).toEqual([]);
  });

  it.each([
    'Googlebot/2.1 (+http://www.google.com/bot.html)',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0 Safari/537.36',
    'curl/8.5.0',
    '',
  ])('does not count bots (%s)', async (ua) => {
    expect((await beacon({ slug, event: 'view' }, { 'User-Agent': ua })).status).toBe(204);
    expect(await stats()).toEqual([]);
  });

  it('counts one view per client per article per 30 minutes, and refuses a loop with 429', async () => {
    for (let i = 0; i < 5; i++) expect((await beacon({ slug, event: 'view' })).status).toBe(204);
    expect((await stats())[0]).toMatchObject({ views: 1 });
    let limited = 0;
    for (let i = 0; i < VIEW_LIMITS.burst + 5; i++)
      if ((await beacon({ slug, event: 'view' })).status === 429) limited++;
    expect(limited).toBeGreaterThanOrEqual(5);
    expect((await stats())[0]).toMatchObject({ views: 1 });
  });
});

describe('aggregation', () => {
  it('adds beacons of different readers into per-post-per-day counters, flushed in one batch', async () => {
    const views = t.ctx.operations.views;
    for (const c of ['a', 'b', 'c']) views.record({ slug, event: 'view' }, meta(c));
    views.record({ slug, event: 'leave', completion: 90, seconds: 200 }, meta('a'));
    views.record({ slug, event: 'leave', completion: 10, seconds: 5000 }, meta('b'));
    views.record({ slug, event: 'share' }, meta('a'));
    expect(await stats()).toEqual([
      {
        post_id: postId,
        day: '2026-06-01',
        views: 3,
        leaves: 2,
        completion_sum: 100,
        engaged: 1,
        bounces: 1,
        seconds_sum: 200 + VIEW_LIMITS.secondsCap,
        shares: 1,
      },
    ]);
    t.clock.set('2026-06-02T08:00:00Z');
    views.record({ slug, event: 'view' }, meta('d'));
    views.record({ slug, event: 'view' }, meta('e'));
    const rows = await stats();
    expect(rows.map((r) => [r.day, r.views])).toEqual([
      ['2026-06-01', 3],
      ['2026-06-02', 2],
    ]);
    expect(await t.ctx.operations.views.flush()).toBe(0); // nothing pending
  });

  it('drops the counts of a post deleted before the flush without losing the others', async () => {
    await t.login();
    const other = (await t.call('POST', '/api/posts', postBody({ title: 'Another one', published: true }))).json;
    const views = t.ctx.operations.views;
    views.record({ slug, event: 'view' }, { client: 'a', userAgent: UA, optOut: false });
    views.record(
      { slug: other.slug, event: 'view', referrer: 'lobste.rs' },
      { client: 'a', userAgent: UA, optOut: false },
    );
    await t.call('DELETE', `/api/posts/${other.id}`);
    expect((await stats()).map((r) => [r.post_id, r.views])).toEqual([[postId, 1]]);
    expect(await referrers()).toEqual([{ host: '', views: 1 }]);
  });
});

describe('the writer', () => {
  it('answers a beacon without waiting for the database: the request path only queues', async () => {
    const views = t.ctx.operations.views;
    // record() is synchronous: the count is queued when it returns, nothing is written yet.
    expect(views.record({ slug, event: 'view' }, meta('a'))).toBe('counted');
    expect(views.totals()).toMatchObject({ counted: 1, pendingPosts: 1, pendingReferrers: 1, written: 0 });
    await t.db.$replica?.catchUp(Date.now());
    expect((await t.db.$client.execute('SELECT count(*) AS n FROM post_stats_daily')).rows[0]!.n).toBe(0);
    expect(await stats()).toEqual([expect.objectContaining({ post_id: postId, views: 1 })]);
    expect(views.totals()).toMatchObject({ pendingPosts: 0, pendingReferrers: 0, written: 2 });
  });

  it('keeps every count of a failed flush for the next one: nothing lost, nothing counted twice', async () => {
    const views = t.ctx.operations.views;
    for (const c of ['a', 'b', 'c']) views.record({ slug, event: 'view', referrer: 'lobste.rs' }, meta(c));
    // The referrers' table is missing, so the transaction fails after the counters' upsert succeeded in it.
    await t.db.$client.execute('ALTER TABLE post_referrers_daily RENAME TO referrers_away');
    await expect(views.flush()).rejects.toThrow(/post_referrers_daily/);
    expect(views.totals()).toMatchObject({ failedFlushes: 1, pendingPosts: 1, pendingReferrers: 1 });
    views.record({ slug, event: 'view', referrer: 'lobste.rs' }, meta('d')); // arrives while the database is down
    await t.db.$client.execute('ALTER TABLE referrers_away RENAME TO post_referrers_daily');
    expect(await stats()).toEqual([expect.objectContaining({ post_id: postId, views: 4 })]);
    expect(await referrers()).toEqual([{ host: 'lobste.rs', views: 4 }]);
  });

  it('keeps the counts when the writer itself fails, and retries them with the next beacons', async () => {
    let fail = true;
    const real = threadViewsWriter({ url: t.url });
    const writer: ViewsWriter = {
      write: (batch) => (fail ? Promise.reject(new Error('database unreachable')) : real.write(batch)),
      publishedSlugs: () => real.publishedSlugs(),
      close: () => real.close(),
    };
    const views = createViewsService({ clock: t.clock, siteHost: 'localhost', writer });
    views.record({ slug, event: 'view' }, meta('a'));
    views.record({ slug, event: 'leave', completion: 80, seconds: 60 }, meta('a'));
    await expect(views.flush()).rejects.toThrow('database unreachable');
    await expect(views.flush()).rejects.toThrow('database unreachable');
    views.record({ slug, event: 'view' }, meta('b'));
    fail = false;
    expect(await views.flush()).toBe(2); // one counters row, one referrers row: the merged counts
    expect(await views.flush()).toBe(0);
    await writer.close();
    await t.db.$replica?.catchUp(Date.now());
    const rows = (await t.db.$client.execute('SELECT views, leaves, completion_sum, engaged FROM post_stats_daily'))
      .rows;
    expect(rows.map((r) => ({ ...r }))).toEqual([{ views: 2, leaves: 1, completion_sum: 80, engaged: 1 }]);
  });

  it('bounds the queue: a beacon that needs a new entry beyond the bound is dropped and counted', async () => {
    const limits = VIEW_LIMITS as { maxPendingReferrers: number };
    const before = limits.maxPendingReferrers;
    limits.maxPendingReferrers = 2;
    try {
      const views = t.ctx.operations.views;
      const hosts = ['a.example', 'b.example', 'c.example', 'd.example'];
      const outcomes = hosts.map((host, i) => views.record({ slug, event: 'view', referrer: host }, meta(`r${i}`)));
      expect(outcomes).toEqual(['counted', 'counted', 'dropped', 'dropped']);
      // An existing entry still counts.
      expect(views.record({ slug, event: 'view', referrer: 'a.example' }, meta('r9'))).toBe('counted');
      expect(views.totals()).toMatchObject({ counted: 3, dropped: 2, pendingReferrers: 2 });
      expect(await stats()).toEqual([expect.objectContaining({ views: 3 })]);
      // Once flushed there is room again.
      expect(views.record({ slug, event: 'view', referrer: 'c.example' }, meta('r2'))).toBe('counted');
    } finally {
      limits.maxPendingReferrers = before;
    }
  });

  it('counts a post published after the slugs were read (queued by slug; the writer keeps published posts only)', async () => {
    const views = t.ctx.operations.views;
    await t.changeFeed.idle();
    await views.loadSlugs();
    await t.login();
    const later = (await t.call('POST', '/api/posts', postBody({ title: 'Published later', published: true }))).json;
    const draft = (await t.call('POST', '/api/posts', postBody({ title: 'Still a draft' }))).json;
    t.logout();
    views.invalidate(); // what the change feed does on every instance
    expect(views.record({ slug: later.slug, event: 'view' }, meta('a'))).toBe('counted');
    // While the list is stale a draft's slug is queued too, and the writer drops it.
    expect(views.record({ slug: draft.slug, event: 'view' }, meta('a'))).toBe('counted');
    expect((await stats()).map((r) => [r.post_id, r.views])).toEqual([[later.id, 1]]);
    await t.changeFeed.idle();
    await views.loadSlugs();
    expect(() => views.record({ slug: draft.slug, event: 'view' }, meta('b'))).toThrow('Post not found');
  });

  it('adds up the counts of several instances on one database', async () => {
    const other = await testApp({ db: await openDb(t.url), url: t.url, dir: t.dir });
    for (const c of ['a', 'b']) t.ctx.operations.views.record({ slug, event: 'view' }, meta(c));
    // The same reader reaching another instance is counted there too (limits are per instance, in memory).
    for (const c of ['a', 'c', 'd']) other.ctx.operations.views.record({ slug, event: 'view' }, meta(c));
    await other.ctx.operations.views.flush();
    expect(await stats()).toEqual([expect.objectContaining({ post_id: postId, views: 5 })]);
    for (const c of ['e']) other.ctx.operations.views.record({ slug, event: 'view' }, meta(c));
    await other.ctx.operations.views.flush();
    expect(await stats()).toEqual([expect.objectContaining({ post_id: postId, views: 6 })]);
  });
});

describe('shutdown', () => {
  it('a server stopped with SIGTERM writes the views it answered before stopping', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'northwire-views-'));
    const url = `file:${join(dir, 'app.db')}`;
    const port = 4800 + (process.pid % 150);
    const origin = `http://127.0.0.1:${port}`;
    const proc = spawn(process.execPath, [resolve(import.meta.dirname, '../../server.ts')], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        DATABASE_URL: url,
        ADMIN_PASSWORD,
        SITE_URL: origin,
        EMBEDDED_BUILDER: 'off',
        AUTOMATION_SCHEDULE: 'off',
        TRUST_PROXY: '1',
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    proc.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    proc.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
    try {
      while (!output.includes('is running at')) {
        if (proc.exitCode !== null) throw new Error(output);
        await new Promise((r) => setTimeout(r, 50));
      }
      const db = await openDb(url);
      await migrateDb(db);
      const seeded = await db.$client.execute('SELECT slug FROM posts WHERE published = 1 ORDER BY id LIMIT 2');
      const [first, second] = seeded.rows.map((r) => String(r.slug));
      const send = (slug: string, reader: number) =>
        fetch(`${origin}/api/views`, {
          method: 'POST',
          headers: {
            Origin: origin,
            'Content-Type': 'text/plain',
            'User-Agent': UA,
            'X-Forwarded-For': `10.0.0.${reader}`,
          },
          body: JSON.stringify({ slug, event: 'view' }),
        });
      // The flush runs once a second: these are answered and then the server is stopped before it comes.
      const answers = await Promise.all([send(first!, 1), send(first!, 2), send(first!, 3), send(second!, 4)]);
      expect(answers.map((r) => r.status)).toEqual([204, 204, 204, 204]);
      proc.kill('SIGTERM');
      expect(await exited).toBe(0);
      const rows = await db.$client.execute(
        'SELECT p.slug, s.views FROM post_stats_daily s JOIN posts p ON p.id = s.post_id ORDER BY s.views DESC',
      );
      expect(rows.rows.map((r) => [r.slug, r.views])).toEqual([
        [first, 3],
        [second, 1],
      ]);
      db.$client.close();
    } finally {
      if (proc.exitCode === null) proc.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the limiter', () => {
  afterEach(() => vi.useRealTimers());

  it('counts a client once per article and event within each window, and again after it', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const views = t.ctx.operations.views;
    const r = (event: 'view' | 'share', client = 'a') => views.record({ slug, event }, meta(client));
    expect([r('view'), r('view'), r('share'), r('share'), r('view', 'b')]).toEqual([
      'counted',
      'duplicate',
      'counted',
      'duplicate',
      'counted',
    ]);
    vi.advanceTimersByTime(VIEW_LIMITS.dedupeMs.share - 1);
    expect([r('view'), r('share')]).toEqual(['duplicate', 'duplicate']);
    vi.advanceTimersByTime(1);
    expect([r('view'), r('share')]).toEqual(['duplicate', 'counted']);
    vi.advanceTimersByTime(VIEW_LIMITS.dedupeMs.view - VIEW_LIMITS.dedupeMs.share);
    expect([r('view'), r('view', 'b')]).toEqual(['counted', 'counted']);
  });

  it("refills a client's budget at its rate: 429 beyond the burst, one more beacon every two seconds", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const views = t.ctx.operations.views;
    const slugs = Array.from({ length: VIEW_LIMITS.burst + 2 }, (_, i) => `not-read-yet-${i}`);
    const send = (s: string) => {
      try {
        return views.record({ slug: s, event: 'view' }, meta('loop'));
      } catch (err) {
        return (err as { status: number }).status;
      }
    };
    expect(
      slugs
        .slice(0, VIEW_LIMITS.burst)
        .map(send)
        .every((o) => o === 'counted'),
    ).toBe(true);
    expect(send(slugs[VIEW_LIMITS.burst]!)).toBe(429);
    vi.advanceTimersByTime(60_000 / VIEW_LIMITS.refillPerMinute);
    expect([send(slugs[VIEW_LIMITS.burst]!), send(slugs[VIEW_LIMITS.burst + 1]!)]).toEqual(['counted', 429]);
  });
});

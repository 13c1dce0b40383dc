import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ORIGIN, postBody, testApp } from '../../test-utils.ts';
import { VIEW_LIMITS } from './views.ts';

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

async function stats() {
  await t.ctx.operations.views.flush();
  const res = await t.db.$client.execute('SELECT * FROM post_stats_daily');
  return res.rows.map((r) => ({ ...r }));
}

describe('POST /api/views', () => {
  it('counts a view from a text/plain beacon, answering 204 without setting a cookie', async () => {
    const res = await beacon({ slug, event: 'view', referrer: 'news.ycombinator.com' });
    expect(res.status).toBe(204);
    expect(res.headers.get('Set-Cookie')).toBeNull();
    expect(await stats()).toEqual([expect.objectContaining({ post_id: postId, day: '2026-06-01', views: 1 })]);
    const refs = await t.db.$client.execute('SELECT host, views FROM post_referrers_daily');
    expect(refs.rows.map((r) => ({ ...r }))).toEqual([{ host: 'news.ycombinator.com', views: 1 }]);
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

  it('refuses unknown and unpublished slugs with 404', async () => {
    expect((await beacon({ slug: 'no-such-post', event: 'view' })).status).toBe(404);
    await t.login();
    const draft = (await t.call('POST', '/api/posts', postBody({ title: 'A draft' }))).json;
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
    const meta = (client: string) => ({ client, userAgent: UA, optOut: false });
    for (const c of ['a', 'b', 'c']) await views.record({ slug, event: 'view' }, meta(c));
    await views.record({ slug, event: 'leave', completion: 90, seconds: 200 }, meta('a'));
    await views.record({ slug, event: 'leave', completion: 10, seconds: 5000 }, meta('b'));
    await views.record({ slug, event: 'share' }, meta('a'));
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
    await views.record({ slug, event: 'view' }, meta('d'));
    await views.record({ slug, event: 'view' }, meta('e'));
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
    await views.record({ slug, event: 'view' }, { client: 'a', userAgent: UA, optOut: false });
    await views.record(
      { slug: other.slug, event: 'view', referrer: 'lobste.rs' },
      { client: 'a', userAgent: UA, optOut: false },
    );
    await t.call('DELETE', `/api/posts/${other.id}`);
    expect((await stats()).map((r) => [r.post_id, r.views])).toEqual([[postId, 1]]);
    const refs = await t.db.$client.execute('SELECT count(*) AS n FROM post_referrers_daily');
    expect(Number(refs.rows[0]!.n)).toBe(1);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { postBody, testApp } from '../../test-utils.ts';
import { computeItem } from './performance.ts';

type T = Awaited<ReturnType<typeof testApp>>;
let t: T;
let a: { id: number; slug: string; title: string };
let b: { id: number; slug: string; title: string };
const UA = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36';

beforeEach(async () => {
  t = await testApp({ start: '2026-06-10T10:00:00Z' });
  await t.login();
  a = (
    await t.call('POST', '/api/posts', postBody({ title: 'Grid queues', category: 'Energy Future', published: true }))
  ).json;
  t.clock.advance(60_000);
  b = (
    await t.call('POST', '/api/posts', postBody({ title: 'Seed rounds', category: 'Startup Radar', published: true }))
  ).json;
});
afterEach(() => t.cleanup());

const meta = (client: string) => ({ client, userAgent: UA, optOut: false });

/** A known set of beacons: four readers of A (one shares), one of B. */
async function knownViews() {
  const v = t.ctx.operations.views;
  for (const c of ['r1', 'r2', 'r3', 'r4'])
    await v.record({ slug: a.slug, event: 'view', referrer: c === 'r1' ? 'news.ycombinator.com' : '' }, meta(c));
  await v.record({ slug: a.slug, event: 'leave', completion: 100, seconds: 300 }, meta('r1'));
  await v.record({ slug: a.slug, event: 'leave', completion: 80, seconds: 240 }, meta('r2'));
  await v.record({ slug: a.slug, event: 'leave', completion: 20, seconds: 30 }, meta('r3'));
  await v.record({ slug: a.slug, event: 'share' }, meta('r1'));
  await v.record({ slug: b.slug, event: 'view' }, meta('r5'));
  await v.record({ slug: b.slug, event: 'leave', completion: 60, seconds: 120 }, meta('r5'));
  await v.flush();
  // The previous 7 days: A had 10 views, B none.
  await t.db.$client.execute({
    sql: `INSERT INTO post_stats_daily (post_id, day, views) VALUES (?, '2026-06-01', 10)`,
    args: [a.id],
  });
}

async function report(query = 'range=7d&sort=views') {
  const res = await t.call('GET', `/api/performance?${query}`);
  expect(res.status).toBe(200);
  return res.json;
}

describe('GET /api/performance', () => {
  it('says there is no data yet instead of inventing numbers', async () => {
    expect(await report()).toMatchObject({
      empty: true,
      items: [],
      insights: [],
      topCategories: [],
      summary: { totalViews: 0, avgEngagement: 0, socialShares: 0, topPerformers: 0 },
    });
  });

  it('computes the report’s figures for a known set of views', async () => {
    await knownViews();
    const r = await report();
    expect(r).toMatchObject({ empty: false, from: '2026-06-04', to: '2026-06-10' });
    expect(r.summary).toEqual({ totalViews: 5, avgEngagement: 60, socialShares: 1, topPerformers: 0 });
    const [itemA, itemB] = r.items;
    expect(itemA).toMatchObject({
      post: { id: a.id, title: 'Grid queues', category: 'Energy Future', published: true },
      views: 4,
      engagement: 50, // 2 of 4 views read at least half
      readingCompletion: 66.7, // (100 + 80 + 20) / 3
      socialShares: 1,
      avgTimeOnPage: 3.2, // 570 s / 3 / 60
      bounceRate: 33.3, // 1 of 3 leaves under 25%
      performanceScore: 69, // .35×66.7 + .25×50 + .2×66.7 + .2×100
      trend: 'down', // 4 now vs 10 the week before
      previousViews: 10,
    });
    expect(itemB).toMatchObject({
      views: 1,
      engagement: 100,
      readingCompletion: 60,
      bounceRate: 0,
      avgTimeOnPage: 2,
      performanceScore: 71,
      trend: 'up',
    });
    expect(r.topCategories).toEqual([
      { category: 'Energy Future', views: 4, articles: 1, share: 80 },
      { category: 'Startup Radar', views: 1, articles: 1, share: 20 },
    ]);
    expect(r.insights).toEqual(
      expect.arrayContaining([
        '“Grid queues” drew the most views: 4 views, 80% of all.',
        'Views are down 50% on the previous 7 days (10 views).',
        'Top referrer: news.ycombinator.com (1 view).',
        'Readers shared articles 1 time, 20% of views.',
      ]),
    );
  });

  it.each([
    ['views', ['Grid queues', 'Seed rounds']],
    ['engagement', ['Seed rounds', 'Grid queues']],
    ['performance', ['Seed rounds', 'Grid queues']],
    ['recent', ['Seed rounds', 'Grid queues']],
  ])('sorts by %s', async (sort, titles) => {
    await knownViews();
    const r = await report(`range=30d&sort=${sort}`);
    expect(r.items.map((i: { post: { title: string } }) => i.post.title)).toEqual(titles);
  });

  it('includes the previous week in 30d and leaves it out of 7d', async () => {
    await knownViews();
    expect((await report('range=30d')).summary.totalViews).toBe(15);
    expect((await report('range=7d')).summary.totalViews).toBe(5);
  });

  it('refuses an unknown range and needs a session', async () => {
    expect((await t.call('GET', '/api/performance?range=2w')).status).toBe(400);
    t.logout();
    expect((await t.call('GET', '/api/performance')).status).toBe(401);
  });
});

describe('computeItem', () => {
  it('scores an article nobody read as 0', () => {
    expect(
      computeItem({ views: 0, leaves: 0, completionSum: 0, engaged: 0, bounces: 0, secondsSum: 0, shares: 0 }, 0, 10),
    ).toMatchObject({
      performanceScore: 0,
      engagement: 0,
      trend: 'up',
    });
  });
});

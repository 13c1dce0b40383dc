import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDb } from '../../db/client.ts';
import { automationRuns, automationTopics } from '../../db/schema-automation.ts';
import { posts } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { startJob } from '../../lib/jobs.ts';
import { testApp } from '../../test-utils.ts';
import { createAutomationService } from './automation.ts';
import type { WritingProvider } from './providers.ts';

type T = Awaited<ReturnType<typeof testApp>>;
let t: T;
const apps: T[] = [];

async function app(opts: Parameters<typeof testApp>[0] = {}) {
  const a = await testApp(opts);
  apps.push(a);
  return a;
}

beforeEach(async () => {
  t = await app({ start: '2026-06-01T05:00:00Z' }); // Monday 07:00 in Stockholm
  await t.ctx.automation.topics.seedIfEmpty();
});
afterEach(async () => {
  for (const a of apps.splice(0).reverse()) await a.cleanup();
});

const allPosts = () => t.db.select().from(posts);
const allRuns = () => t.db.select().from(automationRuns).orderBy(automationRuns.id);

function withProvider(target: T, provider: WritingProvider) {
  const { db, env, clock, events, posts } = target.ctx;
  target.ctx.automation = createAutomationService({ db, env, clock, events, posts, provider });
}

describe('topic queues', () => {
  it('seeds 50 daily and 10 Deep Dive topics once', async () => {
    expect(await t.ctx.automation.topics.remaining()).toEqual({ daily: 50, deepDive: 10 });
    expect(await t.ctx.automation.topics.seedIfEmpty()).toBe(0);
    const daily = await t.ctx.automation.topics.list({ kind: 'daily', state: 'remaining' });
    expect(new Set(daily.map((d) => d.category))).toEqual(
      new Set(['Analysis Drop', 'Energy Future', 'Future Cities', 'Deal Watch']),
    );
    expect(
      (await t.ctx.automation.topics.list({ kind: 'deep-dive', state: 'all' })).every(
        (d) => d.category === 'Deep Dive',
      ),
    ).toBe(true);
  });
});

describe('manual generation', () => {
  it('saves a daily draft attributed to the persona, consumes its topic and records the run', async () => {
    const finished: unknown[] = [];
    t.events.on('generation_finished', (e) => {
      finished.push(e);
    });
    const [first] = await t.ctx.automation.topics.list({ kind: 'daily', state: 'remaining' });
    const post = await t.ctx.automation.generate('daily');
    expect(post).toMatchObject({
      published: false,
      aiGenerated: true,
      category: 'Analysis Drop', // Monday's category
      authorName: 'Dr. Astrid Lindqvist',
      tags: ['Analysis Drop', 'AI-assisted', 'Outline'],
      title: first!.topic.charAt(0).toUpperCase() + first!.topic.slice(1),
    });
    expect(post.excerpt.length).toBeLessThanOrEqual(153);
    const [topic] = await t.db.select().from(automationTopics).where(eq(automationTopics.id, first!.id));
    expect(topic).toMatchObject({ postId: post.id, reservedBy: null });
    expect(topic!.usedAt).toEqual(t.clock.now());
    expect(await allRuns()).toMatchObject([
      {
        kind: 'daily',
        trigger: 'manual',
        status: 'succeeded',
        postId: post.id,
        topicId: first!.id,
        provider: 'offline',
      },
    ]);
    const status = await t.ctx.automation.status();
    expect(status).toMatchObject({
      lastRun: '2026-06-01T05:00:00.000Z',
      dailyTopicsRemaining: 49,
      deepDiveTopicsRemaining: 10,
      paused: false,
    });
    await expect.poll(() => finished).toEqual([{ postId: post.id, title: post.title, kind: 'daily', ok: true }]);
    expect(await t.changes()).toEqual([]); // a draft changes nothing readers see
  });

  it.each([
    ['Tuesday', '2026-06-02T10:00:00Z', 'Energy Future'],
    ['Thursday', '2026-06-04T10:00:00Z', 'Deal Watch'],
    ['Saturday (next daily slot is Monday)', '2026-06-06T10:00:00Z', 'Analysis Drop'],
  ])('on %s a daily post takes %s', async (_day, at, category) => {
    t.clock.set(at);
    expect((await t.ctx.automation.generate('daily')).category).toBe(category);
  });

  it('saves a Deep Dive from the Deep Dive queue', async () => {
    const post = await t.ctx.automation.generate('deep-dive');
    expect(post).toMatchObject({ category: 'Deep Dive', aiGenerated: true, published: false });
    expect(post.content).toContain('5,000–6,000 words');
    expect(await t.ctx.automation.topics.remaining()).toEqual({ daily: 50, deepDive: 9 });
  });

  it('a failing writer creates nothing, records why and gives the topic back', async () => {
    withProvider(t, {
      name: 'broken',
      outline: false,
      write: async () => {
        throw new AppError(504, 'The writing model did not answer within 1 s. Nothing was saved.');
      },
    });
    await expect(t.ctx.automation.generate('daily')).rejects.toMatchObject({ status: 504 });
    expect(await allPosts()).toEqual([]);
    expect(await t.ctx.automation.topics.remaining()).toEqual({ daily: 50, deepDive: 10 });
    expect(await allRuns()).toMatchObject([
      { status: 'failed', error: 'The writing model did not answer within 1 s. Nothing was saved.', postId: null },
    ]);
    expect((await t.ctx.automation.status()).lastRun).toBeNull();
    const [topic] = await t.db
      .select()
      .from(automationTopics)
      .where(eq(automationTopics.id, (await allRuns())[0]!.topicId!));
    expect(topic).toMatchObject({ reservedBy: null, usedAt: null });
  });

  it('an answer without a title is refused and nothing is saved', async () => {
    withProvider(t, {
      name: 'bad',
      outline: false,
      write: async () => 'No heading here, only a paragraph that is long enough to be an excerpt.',
    });
    await expect(t.ctx.automation.generate('deep-dive')).rejects.toMatchObject({ status: 502 });
    expect(await allPosts()).toEqual([]);
    expect(await t.ctx.automation.topics.remaining()).toEqual({ daily: 50, deepDive: 10 });
  });

  it('an empty queue is a 409 and creates nothing', async () => {
    await t.db.update(automationTopics).set({ usedAt: new Date() }).where(eq(automationTopics.kind, 'deep-dive'));
    await expect(t.ctx.automation.generate('deep-dive')).rejects.toMatchObject({
      status: 409,
      message: 'No Deep Dive topics left. Add topics to the queue first.',
    });
    expect(await allPosts()).toEqual([]);
  });

  it('two runs at once never take the same topic', async () => {
    const results = await Promise.all([
      t.ctx.automation.generate('daily'),
      t.ctx.automation.generate('daily'),
      t.ctx.automation.generate('daily'),
    ]);
    expect(new Set(results.map((p) => p.title)).size).toBe(3);
    const used = await t.ctx.automation.topics.list({ state: 'used' });
    expect(used.map((u) => u.postId).sort()).toEqual(results.map((p) => p.id).sort());
  });
});

describe('the slot clock', () => {
  it('runs Monday’s slot once at 09:00 Stockholm time, not before, not again', async () => {
    t.clock.set('2026-06-01T06:59:59Z');
    expect(await t.ctx.automation.tick()).toBeNull();
    expect((await t.ctx.automation.status()).nextRun).toBe('2026-06-01T07:00:00.000Z');
    t.clock.set('2026-06-01T07:00:00Z');
    expect(await t.ctx.automation.tick()).toMatchObject({
      slot: { date: '2026-06-01', kind: 'daily' },
      outcome: 'succeeded',
    });
    expect(await t.ctx.automation.tick()).toBeNull();
    t.clock.set('2026-06-01T20:00:00Z');
    expect(await t.ctx.automation.tick()).toBeNull();
    expect(await allPosts()).toHaveLength(1);
    expect((await t.ctx.automation.status()).nextRun).toBe('2026-06-02T07:00:00.000Z');
    expect(await allRuns()).toMatchObject([{ trigger: 'schedule', slotDate: '2026-06-01', status: 'succeeded' }]);
  });

  it.each([
    [
      'spring forward (29 March 2026)',
      '2026-03-27T00:00:00Z',
      '2026-03-31T00:00:00Z',
      ['2026-03-27T07:00:00.000Z deep-dive', '2026-03-30T07:00:00.000Z daily'],
    ],
    [
      'fall back (25 October 2026)',
      '2026-10-23T00:00:00Z',
      '2026-10-27T00:00:00Z',
      ['2026-10-23T06:00:00.000Z deep-dive', '2026-10-26T08:00:00.000Z daily'],
    ],
  ])('across the %s change each slot runs exactly once, at local time', async (_label, from, to, expected) => {
    t.clock.set(from);
    for (let at = Date.parse(from); at < Date.parse(to); at += 15 * 60_000) {
      t.clock.set(new Date(at));
      await t.ctx.automation.tick();
    }
    const runs = await allRuns();
    expect(runs.map((r) => `${r.startedAt.toISOString()} ${r.kind}`)).toEqual(expected);
    expect(runs.every((r) => r.status === 'succeeded')).toBe(true);
    expect(await allPosts()).toHaveLength(2);
  });

  it('two instances on one database file run a slot once', async () => {
    const other = await app({ db: await openDb(t.url), url: t.url, dir: t.dir, start: '2026-06-05T06:00:00Z' });
    t.clock.set('2026-06-05T06:00:00Z'); // Friday 08:00
    const outcomes = await Promise.all([
      t.ctx.automation.tick(),
      other.ctx.automation.tick(),
      t.ctx.automation.tick(),
      other.ctx.automation.tick(),
    ]);
    expect(outcomes.filter(Boolean)).toMatchObject([{ slot: { kind: 'deep-dive' }, outcome: 'succeeded' }]);
    expect(await allPosts()).toHaveLength(1);
    expect(await allRuns()).toHaveLength(1);
  });

  it('a slot missed while the server was down runs once at start the same day, never the next day', async () => {
    // Down all Monday morning; "restart" at 15:00 local.
    const restarted = await app({ db: t.db, dir: t.dir, start: '2026-06-01T13:00:00Z' });
    const stop = startJob({ ...restarted.ctx.automation.job, everyMs: 60_000 });
    // The run is recorded when it starts; wait for it to end.
    await expect.poll(async () => (await allRuns()).map((r) => r.status)).toEqual(['succeeded']);
    await stop();
    expect((await allRuns())[0]).toMatchObject({ slotDate: '2026-06-01', status: 'succeeded' });
    // Down from Tuesday 08:00 to Wednesday 08:30: Tuesday's slot is lost, Wednesday's is not yet due.
    t.clock.set('2026-06-03T06:30:00Z');
    expect(await t.ctx.automation.tick()).toBeNull();
    t.clock.set('2026-06-03T07:00:00Z');
    expect(await t.ctx.automation.tick()).toMatchObject({ slot: { date: '2026-06-03', category: 'Future Cities' } });
    expect((await allRuns()).map((r) => r.slotDate)).toEqual(['2026-06-01', '2026-06-03']);
  });

  it('while paused a due slot is skipped (and stays skipped after resuming the same day)', async () => {
    await t.ctx.automation.setPaused(true);
    expect(await t.ctx.automation.status()).toMatchObject({ paused: true, nextRun: null });
    t.clock.set('2026-06-01T07:00:00Z');
    expect(await t.ctx.automation.tick()).toMatchObject({ outcome: 'skipped' });
    await t.ctx.automation.setPaused(false);
    t.clock.set('2026-06-01T08:00:00Z');
    expect(await t.ctx.automation.tick()).toBeNull();
    expect(await allPosts()).toEqual([]);
    expect(await allRuns()).toMatchObject([{ status: 'skipped', error: 'Automation was paused' }]);
    expect((await t.ctx.automation.status()).nextRun).toBe('2026-06-02T07:00:00.000Z');
    // Manual generation is not held by the pause.
    await t.ctx.automation.setPaused(true);
    expect((await t.ctx.automation.generate('daily')).published).toBe(false);
  });

  it('a failed slot is recorded and not retried', async () => {
    withProvider(t, { name: 'bad', outline: false, write: async () => '' });
    t.clock.set('2026-06-01T07:00:00Z');
    expect(await t.ctx.automation.tick()).toMatchObject({ outcome: 'failed' });
    expect(await t.ctx.automation.tick()).toBeNull();
    expect(await allRuns()).toMatchObject([{ status: 'failed' }]);
    expect(await allPosts()).toEqual([]);
  });

  it('marks a run left running by a dead process as failed once its lease is over', async () => {
    await t.db
      .insert(automationRuns)
      .values({ kind: 'daily', trigger: 'manual', status: 'running', startedAt: new Date('2026-06-01T04:00:00Z') });
    await t.ctx.automation.tick();
    expect(await allRuns()).toMatchObject([
      { status: 'failed', error: 'Interrupted: the server stopped during generation' },
    ]);
  });
});

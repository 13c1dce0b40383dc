import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startJobs } from './lib/jobs.ts';
import { postBody, testApp } from './test-utils.ts';

type T = Awaited<ReturnType<typeof testApp>>;
let t: T;
beforeEach(async () => {
  t = await testApp();
});
afterEach(() => t.cleanup());

describe('the jobs of an instance', () => {
  it('prepares the workflows, then answers every recurring task for the server to start, at its interval', async () => {
    const jobs = await t.ctx.prepareJobs();
    expect(jobs.map((j) => [j.name, j.everyMs, j.atStart ?? true, Boolean(j.drain)])).toEqual([
      ['changes', 250, true, false],
      ['builder', 250, true, false],
      ['builder late check', 5000, false, false],
      ['scheduler', 1000, true, false],
      ['automation', 15_000, true, false],
      ['workflows', 5000, true, true],
      ['views', 1000, false, true],
      ['health', 60_000, false, false],
      ['messages', 3_600_000, true, true],
      ['media sweep', 3_600_000, false, false],
      ['members links purge', 3_600_000, false, true],
    ]);
    expect(await t.ctx.operations.workflows.list()).toHaveLength(3); // the samples, seeded
  });

  it('stopping the jobs writes the views counted since the last flush', async () => {
    await t.login();
    const post = (await t.call('POST', '/api/posts', postBody({ published: true }))).json;
    const stop = startJobs(await t.ctx.prepareJobs());
    const meta = { client: 'reader', userAgent: 'Mozilla/5.0 Firefox/140.0', optOut: false };
    expect(t.ctx.operations.views.record({ slug: post.slug, event: 'view' }, meta)).toBe('counted');
    await stop();
    await t.db.$replica?.catchUp(Date.now());
    const rows = await t.db.$client.execute('SELECT views FROM post_stats_daily');
    expect(rows.rows.map((r) => r.views)).toEqual([1]);
  });
});

describe('the automation schedule', () => {
  it('is no job of an instance where it is off', async () => {
    const off = await testApp({ env: { AUTOMATION_SCHEDULE: 'off' } });
    try {
      expect((await off.ctx.prepareJobs()).map((j) => j.name)).not.toContain('automation');
    } finally {
      await off.cleanup();
    }
  });
});

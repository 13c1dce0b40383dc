import { mkdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { postBody, recordingRenderer, testApp } from '../../test-utils.ts';

type T = Awaited<ReturnType<typeof testApp>>;
let t: T;
let failBuilds = false;
afterEach(() => t.cleanup());

/**
 * A renderer that lays the site out as the real one does (site/render/renderer.ts): a full render writes a
 * new tree under `<siteRoot>/trees/` and swaps the `current` link to it; change builds fail while `failBuilds`.
 */
function siteRenderer() {
  const recording = recordingRenderer({ fail: () => (failBuilds ? 'astro exploded' : null) });
  let trees = 0;
  return {
    ...recording,
    full: async (through: number) => {
      if (failBuilds) throw new Error('astro exploded');
      const siteRoot = join(t.dir, 'site');
      const name = String(++trees);
      mkdirSync(join(siteRoot, 'trees', name), { recursive: true });
      writeFileSync(join(siteRoot, 'trees', name, 'index.html'), '<!doctype html><title>Northwire</title>');
      symlinkSync(join('trees', name), join(siteRoot, `current.${name}.tmp`));
      renameSync(join(siteRoot, `current.${name}.tmp`), join(siteRoot, 'current'));
      return recording.full(through);
    },
  };
}

async function start() {
  failBuilds = false;
  t = await testApp({ renderer: siteRenderer() });
}

/** A full render of the site, as at first start or on the editor's "Retry build". */
async function build() {
  await t.builder.requestFull('test');
  await t.builder.idle();
  expect((await t.builder.status()).last).toMatchObject({ kind: 'full', state: 'succeeded' });
  expect(t.builder.liveDir()).toBe(join(t.dir, 'site', 'trees', '1'));
}

async function status() {
  const res = await t.call('GET', '/api/status');
  expect(res.status).toBe(200);
  const byName = Object.fromEntries(res.json.services.map((s: { name: string }) => [s.name, s]));
  return { ...res.json, byName };
}

describe('GET /api/status', () => {
  it('is public and reports all five services operational once the site is built', async () => {
    await start();
    await build();
    t.clock.advance(90_000);
    const s = await status();
    expect(s.overall).toBe('operational');
    expect(s.banner).toBe('All Systems Operational');
    expect(s.services.map((x: { name: string }) => x.name)).toEqual([
      'Website',
      'API Services',
      'Database',
      'Content Delivery',
      'Authentication',
    ]);
    for (const svc of s.services) {
      expect(svc).toMatchObject({ status: 'operational', uptime: 100, lastUpdated: s.checkedAt });
      expect(svc.responseTime).toBeGreaterThanOrEqual(1);
    }
    expect(s.website.ageSeconds).toBe(90);
    expect(s.byName.Website.detail).toBe('Live and up to date');
  });

  it('reports a disruption before the first build, and degraded when the latest build failed', async () => {
    await start();
    let s = await status();
    expect(s.byName.Website.status).toBe('outage');
    expect(s.byName['Content Delivery'].status).toBe('outage');
    expect(s.banner).toBe('Service Disruption');
    await build();
    failBuilds = true;
    await t.login();
    await t.call('POST', '/api/posts', postBody({ published: true }));
    await t.builder.kick(); // the publish's change build, which fails
    expect((await t.builder.status()).last).toMatchObject({ kind: 'changes', state: 'failed' });
    t.clock.advance(1000); // the status is computed at most once a second
    s = await status();
    expect(s.byName.Website).toMatchObject({
      status: 'degraded',
      detail: 'The latest build failed; the previous version stays live',
    });
    expect(s.byName['Content Delivery'].status).toBe('operational'); // the last good site stays live
    expect(s.overall).toBe('degraded');
    expect(s.banner).toBe('Some Services Degraded');
  });

  it('reports the database and authentication down when the database is unavailable, and never 500s', async () => {
    await start();
    await build();
    await t.ctx.operations.health.sample(); // one good sample first
    t.db.$client.close();
    const s = await status();
    expect(s.byName.Database).toMatchObject({ status: 'outage', detail: 'Unreachable' });
    expect(s.byName.Authentication.status).toBe('outage');
    expect(s.byName['Content Delivery'].status).toBe('operational');
    expect(s.byName['API Services'].status).toBe('operational');
    expect(s.byName.Website.status).toBe('outage'); // build history is in the database
    expect(s.overall).toBe('outage');
    expect(s.byName.Database.uptime).toBe(50); // 1 stored good sample + this outage
    expect(JSON.stringify(s)).not.toMatch(/SQLITE|libsql|\/tmp/i);
  });

  it('computes uptime from stored samples', async () => {
    await start();
    await build();
    const now = t.clock.now().getTime();
    const rows = Array.from(
      { length: 9 },
      (_, i) => `('Database', '${i < 2 ? 'outage' : i < 4 ? 'degraded' : 'operational'}', 3, ${now - i * 60_000})`,
    );
    await t.db.$client.execute(
      `INSERT INTO health_samples (service, status, response_ms, at) VALUES ${rows.join(',')}`,
    );
    // Samples older than the 30-day window do not count.
    await t.db.$client.execute(
      `INSERT INTO health_samples (service, status, response_ms, at) VALUES ('Database', 'outage', 3, ${now - 31 * 86_400_000})`,
    );
    await t.ctx.operations.health.refreshUptime();
    const s = await status();
    expect(s.byName.Database.uptime).toBe(80); // (7 up + this check) / (9 + 1)
  });

  it('computes the checks at most once a second per instance; concurrent requests share one computation', async () => {
    await start();
    await build();
    const execute = vi.spyOn(t.db.$client, 'execute');
    /** One computation runs the Authentication check's count of users once. */
    const computations = () => execute.mock.calls.filter(([q]) => String(q).includes('FROM users')).length;
    const crowd = await Promise.all(Array.from({ length: 20 }, () => status()));
    expect(computations()).toBe(1);
    expect(new Set(crowd.map((s) => JSON.stringify(s.services))).size).toBe(1);
    t.clock.advance(999);
    await status();
    expect(computations()).toBe(1);
    t.clock.advance(1);
    const later = await status();
    expect(computations()).toBe(2);
    expect(later.checkedAt).toBe(t.clock.now().toISOString());
  });

  it('sends each computed status encoded once: compressed for browsers, with an ETag and 304 for a client that has it', async () => {
    await start();
    await build();
    const first = await t.call('GET', '/api/status', undefined, { 'Accept-Encoding': 'br, gzip' });
    expect(first.status).toBe(200);
    expect(first.headers.get('Content-Encoding')).toBe('br');
    const etag = first.headers.get('ETag')!;
    expect(etag).toMatch(/-br"$/);
    const again = await t.call('GET', '/api/status', undefined, {
      'Accept-Encoding': 'br, gzip',
      'If-None-Match': etag,
    });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    t.clock.advance(1000); // a new computation: checkedAt differs, so does the tag
    const later = await t.call('GET', '/api/status', undefined, {
      'Accept-Encoding': 'br, gzip',
      'If-None-Match': etag,
    });
    expect(later.status).toBe(200);
    expect(later.headers.get('ETag')).not.toBe(etag);
  });
});

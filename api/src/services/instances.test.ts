/**
 * Several API instances on one database (a file; a sqld server with TEST_DATABASE=sqld; embedded replicas of one with
 * TEST_DATABASE=replica), as real server processes: one with the embedded builder, one
 * with it off. Changes made on either (including scheduled publications) reach the site; only the builder
 * instance claims builds; a builder killed with SIGKILL mid-build is replaced by the next start.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_FILL_MS } from 'content-schema/messages';
import { migrateDb, openDb, type Db } from '../db/client.ts';
import { startSqld, type Sqld } from '../db/sqld.ts';
import { builds, posts } from '../db/schema.ts';
import { ADMIN_PASSWORD, CONTACT_MESSAGE, ensureCompiled, postBody } from '../test-utils.ts';
import { deriveBody } from './derive.ts';
import { MESSAGE_LIMITS_PER_ADDRESS } from './operations/messages.ts';

const ROOT = resolve(import.meta.dirname, '../../..');

let nextPort = 4700 + (process.pid % 200);

interface Instance {
  port: number;
  origin: string;
  proc: ChildProcess;
  log: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

/** Starts `node api/src/server.ts` and resolves once it prints its URL. */
async function startInstance(opts: { dataDir: string; dbUrl: string; builder: 'on' | 'off' }): Promise<Instance> {
  const port = nextPort++;
  const origin = `http://127.0.0.1:${port}`;
  const proc = spawn(process.execPath, [join(ROOT, 'api/src/server.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      DATABASE_URL: opts.dbUrl,
      // TEST_DATABASE=replica: each instance reads from its own embedded replica of the sqld primary.
      ...(process.env.TEST_DATABASE === 'replica'
        ? { DATABASE_REPLICA_PATH: join(opts.dataDir, 'replica.db'), DATABASE_SYNC_INTERVAL: '0.5' }
        : {}),
      ADMIN_PASSWORD,
      SITE_URL: origin,
      EMBEDDED_BUILDER: opts.builder,
      AUTOMATION_SCHEDULE: 'off',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  await new Promise<void>((res, rej) => {
    const timer = setInterval(() => {
      if (output.includes('is running at')) {
        clearInterval(timer);
        res();
      } else if (proc.exitCode !== null) {
        clearInterval(timer);
        rej(new Error(`instance exited: ${output}`));
      }
    }, 50);
  });
  return {
    port,
    origin,
    proc,
    log: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      await exited;
    },
  };
}

/** A signed-in client of one instance. */
async function editor(origin: string) {
  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { Origin: origin, 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  expect(login.status, await login.clone().text()).toBe(200);
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  return (method: string, path: string, body?: unknown) =>
    fetch(`${origin}${path}`, {
      method,
      headers: { Origin: origin, Cookie: cookie, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Pids of every process below `pid`. */
function descendants(pid: number): number[] {
  const table = execFileSync('ps', ['-eo', 'pid=,ppid='])
    .toString()
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/).map(Number));
  const out: number[] = [];
  const walk = (p: number) => {
    for (const [child, parent] of table)
      if (parent === p) {
        out.push(child!);
        walk(child!);
      }
  };
  walk(pid);
  return out;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Published posts titled `<title> 0…n-1` (slugs to match), inserted directly: enough to make a full render last. */
async function insertBulk(db: Db, title: string, n: number): Promise<void> {
  const now = new Date();
  const slug = title.toLowerCase().replace(/\s+/g, '-');
  const rows = Array.from({ length: n }, (_, i) => ({
    ...postBody({ title: `${title} ${i}`, slug: `${slug}-${i}`, published: true }),
    ...deriveBody(postBody().content).body,
    tags: [],
    createdAt: now,
    updatedAt: now,
    publishedAt: now,
  }));
  for (let i = 0; i < rows.length; i += 100) await db.insert(posts).values(rows.slice(i, i + 100) as never);
}

const status = async (url: string) => (await fetch(url, { redirect: 'manual' })).status;

/** The stamp a reader form's page carries as an instance serves it, once that instance serves the site. */
async function pageStamp(origin: string): Promise<string> {
  await until(async () => (await status(`${origin}/contact`)) === 200, 60_000, `the contact page on ${origin}`);
  const html = await (await fetch(`${origin}/contact`)).text();
  const stamp = /name="stamp" value="([^"]*)"/.exec(html)?.[1];
  expect(stamp, html.slice(0, 300)).toMatch(/^\d{13}\./);
  return stamp!;
}

/** Lets the minimum fill time pass, as a person reading the page would. */
const readPage = () => new Promise((resolve) => setTimeout(resolve, MIN_FILL_MS + 200));

describe('two API instances on one database', () => {
  let dir: string;
  let dbUrl: string;
  let sqld: Sqld | null = null;
  let db: Db;
  let builderOn: Instance;
  let builderOff: Instance;

  beforeAll(async () => {
    ensureCompiled();
    dir = mkdtempSync(join(tmpdir(), 'northwire-instances-'));
    sqld =
      process.env.TEST_DATABASE === 'sqld' || process.env.TEST_DATABASE === 'replica'
        ? await startSqld({ dir: join(dir, 'sqld') })
        : null;
    dbUrl = sqld?.url ?? `file:${join(dir, 'app.db')}`;
    builderOn = await startInstance({ dataDir: join(dir, 'a'), dbUrl, builder: 'on' });
    builderOff = await startInstance({ dataDir: join(dir, 'b'), dbUrl, builder: 'off' });
    db = await openDb(dbUrl);
    await migrateDb(db);
  }, 180_000);

  afterAll(async () => {
    await builderOff?.stop();
    await builderOn?.stop();
    db?.$client.close();
    await sqld?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a post published on the builder-off instance reaches the site; that instance claims no build', async () => {
    // Each instance reads from its own replica file when asked to.
    for (const name of ['a', 'b'])
      expect(existsSync(join(dir, name, 'replica.db'))).toBe(process.env.TEST_DATABASE === 'replica');
    const call = await editor(builderOff.origin);
    const res = await call('POST', '/api/posts', postBody({ title: 'Published elsewhere', published: true }));
    expect(res.status).toBe(201);
    await until(
      async () => (await status(`${builderOn.origin}/post/published-elsewhere`)) === 200,
      10_000,
      'the post on the site',
    );
    const owners = (await db.select({ owner: builds.leaseOwner }).from(builds)).map((b) => b.owner?.split(':')[1]);
    expect(owners).not.toContain(String(builderOff.proc.pid));
    expect(owners).toContain(String(builderOn.proc.pid));
  });

  it('a post scheduled on the builder-off instance is published once and reaches the site', async () => {
    const call = await editor(builderOff.origin);
    const draft = await (await call('POST', '/api/posts', postBody({ title: 'Scheduled elsewhere' }))).json();
    // Far enough ahead that a loaded machine still accepts it as future.
    const when = new Date(Date.now() + 4000).toISOString();
    const scheduled = await call('POST', '/api/schedule-post', {
      postId: draft.id,
      publishDateTime: when,
      timezone: 'Europe/Stockholm',
    });
    expect(scheduled.status, await scheduled.clone().text()).toBe(201);
    await until(
      async () => (await status(`${builderOn.origin}/post/scheduled-elsewhere`)) === 200,
      30_000,
      'the scheduled post on the site',
    ).catch(async (err: Error) => {
      const dump = async (q: string) => JSON.stringify((await db.$client.execute(q)).rows);
      throw new Error(
        `${err.message}\nschedules ${await dump('SELECT * FROM scheduled_posts')}\nchanges ${await dump('SELECT id, post_id, kind, via, created_at, live_at FROM post_changes')}\nbuilds ${await dump('SELECT id, kind, state, from_change, to_change, error FROM site_builds')}\nON:\n${builderOn.log().slice(-2000)}\nOFF:\n${builderOff.log().slice(-2000)}`,
      );
    });
    const changes = await db.$client.execute({
      sql: `SELECT kind, via FROM post_changes WHERE post_id = ?`,
      args: [draft.id],
    });
    expect(changes.rows.map((r) => [r.kind, r.via])).toEqual([['published', 'schedule']]);
  });

  it("a reader's answers held in front on one instance follow a publish and an unpublish made on the other", async () => {
    const call = await editor(builderOn.origin);
    const list = `${builderOff.origin}/api/posts?published=true&limit=3&fields=summary`;
    const titles = async () => ((await (await fetch(list)).json()) as { title: string }[]).map((p) => p.title);
    // Read twice on B: the second answer comes from B's front cache.
    await titles();
    const before = await titles();
    const created = await (
      await call('POST', '/api/posts', postBody({ title: 'Held answers follow', published: true }))
    ).json();
    // Within the change feed's poll, far inside the 60 s backstop.
    await until(async () => (await titles())[0] === 'Held answers follow', 5_000, "the new post in B's list");
    expect(before).not.toContain('Held answers follow');
    const article = `${builderOff.origin}/api/posts/slug/${created.slug}`;
    expect((await fetch(article)).status).toBe(200);
    expect((await fetch(article)).status).toBe(200);
    await call('PUT', `/api/posts/${created.id}`, { published: false });
    await until(async () => (await fetch(article)).status === 404, 5_000, 'the unpublished article gone from B');
    expect(await titles()).not.toContain('Held answers follow');
  });

  it('reader messages from one address, sent at once through both instances, are held to one allowance', async () => {
    // Each instance counts in the database (rate_limits), so together they accept MESSAGE_LIMITS_PER_ADDRESS, not twice it.
    const { limit } = MESSAGE_LIMITS_PER_ADDRESS;
    const stamp = await pageStamp(builderOn.origin);
    await readPage();
    const send = (origin: string, i: number) =>
      fetch(`${origin}/api/messages`, {
        method: 'POST',
        headers: { Origin: origin, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ ...CONTACT_MESSAGE, subject: `Two instances ${i}`, stamp }),
      });
    const answers = await Promise.all(
      Array.from({ length: limit + 6 }, (_, i) => send(i % 2 === 0 ? builderOn.origin : builderOff.origin, i)),
    );
    const codes = answers.map((r) => r.status);
    expect(codes.filter((c) => c === 201)).toHaveLength(limit);
    expect(codes.filter((c) => c === 429)).toHaveLength(6);
    const stored = await db.$client.execute(
      `SELECT count(*) AS n FROM reader_messages WHERE subject LIKE 'Two instances %'`,
    );
    expect(Number(stored.rows[0]!.n)).toBe(limit);
  });

  it('of two saves with the same version, one per instance, exactly one wins and the other changes nothing', async () => {
    const a = await editor(builderOn.origin);
    const b = await editor(builderOff.origin);
    const draft = await (await a('POST', '/api/posts', postBody({ title: 'Two tabs, two instances' }))).json();
    for (let round = 0; round < 5; round++) {
      const { version } = await (await a('GET', `/api/posts/${draft.id}`)).json();
      // With embedded replicas another browser reads the other instance's replica, which may lag by a sync interval
      // (each browser reads its own writes at once; see replica-consistency.test.ts): both tabs start from this version.
      const seen = async () => {
        const res = await b('GET', `/api/posts/${draft.id}`);
        return res.status === 200 && (await res.json()).version === version;
      };
      await until(seen, 10_000, 'the other instance to show the current version');
      const answers = await Promise.all([
        a('PUT', `/api/posts/${draft.id}`, { version, content: `Tab A, round ${round}` }),
        b('PUT', `/api/posts/${draft.id}`, { version, content: `Tab B, round ${round}` }),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = answers[0]!.status === 200 ? 'A' : 'B';
      const [now] = await db
        .select({ version: posts.version, content: posts.content })
        .from(posts)
        .where(eq(posts.id, draft.id));
      expect(now).toEqual({ version: version + 1, content: `Tab ${winner}, round ${round}` });
      const revisions = await db.$client.execute({
        sql: 'SELECT content FROM post_revisions WHERE post_id = ? AND version = ?',
        args: [draft.id, version + 1],
      });
      expect(revisions.rows.map((r) => r.content)).toEqual([`Tab ${winner}, round ${round}`]);
    }
  });

  it('a builder killed mid-build leaves a build that the next start takes over; no process outlives it', async () => {
    // Enough posts that a full render takes a while, so the kill lands in the middle of it.
    await insertBulk(db, 'Bulk post', 400);
    const call = await editor(builderOn.origin);
    expect((await call('POST', '/api/build')).status).toBe(202);
    await until(
      async () =>
        (await db.$client.execute(`SELECT 1 FROM site_builds WHERE kind = 'full' AND state = 'running'`)).rows.length >
        0,
      20_000,
      'the full build to start',
    );
    // Whatever the builder process started (a worker is a thread; a search indexer would be a process).
    // A search indexer (pagefind, a process of its own) stops by itself when it finds its parent's pipe closed,
    // which it reads between requests: give it the time to finish the batch it is on.
    const children = descendants(builderOn.proc.pid!);
    await builderOn.stop('SIGKILL');
    await until(async () => children.filter(alive).length === 0, 15_000, "the builder's child processes to stop");
    const [running] = (
      await db.$client.execute(`SELECT id, state FROM site_builds WHERE kind = 'full' ORDER BY id DESC LIMIT 1`)
    ).rows;
    expect(running?.state).toBe('running');

    builderOn = await startInstance({ dataDir: join(dir, 'a'), dbUrl, builder: 'on' });
    await until(
      async () => {
        const rows = (await db.$client.execute(`SELECT state, error FROM site_builds WHERE kind = 'full' ORDER BY id`))
          .rows;
        return (
          rows.some((r) => r.state === 'failed' && String(r.error).includes('stopped')) &&
          rows.at(-1)?.state === 'succeeded'
        );
      },
      60_000,
      'the interrupted build to be taken over',
    ).catch(async (err: Error) => {
      const rows = (await db.$client.execute(`SELECT id, kind, state, error, lease_owner FROM site_builds ORDER BY id`))
        .rows;
      throw new Error(`${err.message}\n${JSON.stringify(rows)}\n${builderOn.log()}`);
    });
    await until(
      async () => (await status(`${builderOn.origin}/post/bulk-post-399`)) === 200,
      30_000,
      'the bulk posts on the site',
    );
  }, 120_000);
});

describe('two builders sharing one DATA_DIR (one machine, one site folder)', () => {
  let dir: string;
  let dbUrl: string;
  let sqld: Sqld | null = null;
  let db: Db;
  const running: Instance[] = [];

  beforeAll(async () => {
    ensureCompiled();
    dir = mkdtempSync(join(tmpdir(), 'northwire-builders-'));
    sqld =
      process.env.TEST_DATABASE === 'sqld' || process.env.TEST_DATABASE === 'replica'
        ? await startSqld({ dir: join(dir, 'sqld') })
        : null;
    dbUrl = sqld?.url ?? `file:${join(dir, 'app.db')}`;
    running.push(await startInstance({ dataDir: join(dir, 'site-data'), dbUrl, builder: 'on' }));
    running.push(await startInstance({ dataDir: join(dir, 'site-data'), dbUrl, builder: 'on' }));
    db = await openDb(dbUrl);
    await migrateDb(db);
  }, 180_000);

  afterAll(async () => {
    for (const instance of running) await instance.stop();
    db?.$client.close();
    await sqld?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const pidOf = (owner: unknown) => Number(String(owner).split(':')[1]);
  const builds = async () =>
    (await db.$client.execute(`SELECT id, kind, state, error, lease_owner FROM site_builds ORDER BY id`))
      .rows as unknown as {
      id: number;
      kind: string;
      state: string;
      error: string | null;
      lease_owner: string;
    }[];

  it("a reader form's page served by one instance is accepted by the other, with or without JavaScript", async () => {
    const [a, b] = running as [Instance, Instance];
    const fromA = await pageStamp(a.origin);
    const fromB = await pageStamp(b.origin);
    const post = (origin: string, stamp: string, subject: string, json: boolean) =>
      fetch(`${origin}/api/messages`, {
        method: 'POST',
        redirect: 'manual',
        headers: { Origin: origin, ...(json ? { 'Content-Type': 'application/json' } : {}) },
        body: json
          ? JSON.stringify({ ...CONTACT_MESSAGE, subject, stamp })
          : new URLSearchParams({ ...CONTACT_MESSAGE, subject, stamp }),
      });
    // Sent at once: too soon after the page, on either instance.
    expect((await post(b.origin, fromA, 'Too soon', true)).status).toBe(400);
    await readPage();
    expect((await post(b.origin, fromA, 'Stamped by A', true)).status).toBe(201);
    expect((await post(a.origin, fromB, 'Stamped by B', false)).status).toBe(303);
    // A stamp neither signed is refused by both.
    const forged = `${fromA.split('.')[0]}.${'A'.repeat(43)}`;
    for (const origin of [a.origin, b.origin]) expect((await post(origin, forged, 'Forged', true)).status).toBe(400);
    const stored = await db.$client.execute(`SELECT subject FROM reader_messages ORDER BY id`);
    expect(stored.rows.map((r) => r.subject)).toEqual(['Stamped by A', 'Stamped by B']);
    // One key for every instance, generated once.
    expect(Number((await db.$client.execute(`SELECT count(*) AS n FROM shared_secrets`)).rows[0]!.n)).toBe(1);
  }, 120_000);

  it('a build whose builder is killed with kill -9 is taken over by the other instance and finishes', async () => {
    // The first start renders the site and indexes it for search; let that settle before adding work.
    await until(async () => (await builds()).some((b) => b.state === 'succeeded'), 60_000, 'the first build');
    await insertBulk(db, 'Shared post', 400);
    const call = await editor(running[0]!.origin).catch((err: Error) => {
      throw new Error(`${err.message}\n${running.map((r) => r.log().slice(-3000)).join('\n---\n')}`);
    });
    expect((await call('POST', '/api/build')).status).toBe(202);
    let owner = '';
    await until(
      async () => {
        owner = (await builds()).find((b) => b.kind === 'full' && b.state === 'running')?.lease_owner ?? '';
        return owner !== '';
      },
      20_000,
      'the full build to start',
    );
    const victim = running.find((i) => i.proc.pid === pidOf(owner))!;
    const survivor = running.find((i) => i !== victim)!;
    expect(victim).toBeDefined();
    await victim.stop('SIGKILL');
    await until(
      async () => {
        const all = await builds();
        return (
          all.some((b) => b.state === 'failed' && String(b.error).includes('stopped')) &&
          all.at(-1)?.state === 'succeeded'
        );
      },
      60_000,
      'the other instance to take the build over',
    ).catch(async (err: Error) => {
      throw new Error(`${err.message}\n${JSON.stringify(await builds())}\n${survivor.log().slice(-3000)}`);
    });
    expect(pidOf((await builds()).at(-1)!.lease_owner)).toBe(survivor.proc.pid);
    await until(
      async () => (await status(`${survivor.origin}/post/shared-post-399`)) === 200,
      30_000,
      'the posts on the site',
    );

    // The killed instance comes back while the survivor runs a build: it must neither fail nor take that build.
    expect((await (await editor(survivor.origin))('POST', '/api/build')).status).toBe(202);
    let current = 0;
    await until(
      async () => {
        current = (await builds()).find((b) => b.kind === 'full' && b.state === 'running')?.id ?? 0;
        return current > 0;
      },
      20_000,
      "the survivor's build to start",
    );
    running.splice(
      running.indexOf(victim),
      1,
      await startInstance({ dataDir: join(dir, 'site-data'), dbUrl, builder: 'on' }),
    );
    await until(
      async () => (await builds()).find((b) => b.id === current)?.state !== 'running',
      60_000,
      "the survivor's build to end",
    );
    const ended = (await builds()).find((b) => b.id === current)!;
    expect({ state: ended.state, owner: pidOf(ended.lease_owner) }).toEqual({
      state: 'succeeded',
      owner: survivor.proc.pid,
    });
  }, 180_000);
});

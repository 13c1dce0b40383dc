/**
 * The API's read load on each database it can run on, in one run, at 10,000 realistic posts:
 *
 * - file:    a libSQL file beside the server (the reference);
 * - sqld:    a libSQL server on this machine, every query a network round trip;
 * - replica: the same sqld, the server reading from an embedded replica (DATABASE_REPLICA_PATH).
 *
 * Each endpoint is loaded for a few seconds at 10 connections: the post list, an article by slug, the signed-in
 * `auth/status` (a session lookup), search, and the views beacon (a write, so the replica cannot spare it the
 * primary). Reported: req/s and p99 for each, and each database's ratio to the file database in the same run.
 *
 *   node bench/databases.ts [posts=10000]
 */
import autocannon from 'autocannon';
import { migrateDb, openDb } from '../api/src/db/client.ts';
import { startSqld } from '../api/src/db/sqld.ts';
import { generatePost } from './corpus.ts';
import { derivedBodies, seedCorpus } from './derived.ts';
import { fmt, freshData, login, startServer, type LoadResult } from './lib.ts';

const N = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 10_000);
const DURATION = 5;
const PORT = 4451;

async function run(opts: autocannon.Options): Promise<LoadResult> {
  const r = await autocannon({ connections: 10, duration: DURATION, ...opts });
  return {
    rps: Math.round(r.requests.average),
    p99: r.latency.p99,
    p50: r.latency.p50,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

const ENDPOINTS = ['list', 'article', 'auth/status', 'search', 'views'] as const;
type Endpoint = (typeof ENDPOINTS)[number];

async function measure(url: string, slug: string): Promise<Record<Endpoint, LoadResult>> {
  const cookie = await login(url);
  let seq = 0;
  await run({ url: `${url}/api/health`, duration: 1 }); // warm-up
  return {
    list: await run({ url: `${url}/api/posts?published=true&limit=20` }),
    article: await run({ url: `${url}/api/posts/slug/${slug}` }),
    'auth/status': await run({ url: `${url}/api/auth/status`, headers: { Cookie: cookie } }),
    search: await run({ url: `${url}/api/posts?published=true&limit=20&search=grid` }),
    views: await run({
      url: `${url}/api/views`,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => {
            seq++;
            const headers = {
              Origin: url,
              'Content-Type': 'text/plain;charset=UTF-8',
              'User-Agent': 'Mozilla/5.0 Chrome/140.0',
              'X-Forwarded-For': `10.9.${(seq >> 8) & 255}.${seq & 255}`,
            };
            return { ...req, headers, body: JSON.stringify({ slug, event: 'view', referrer: '' }) };
          },
        },
      ],
    }),
  };
}

async function main(): Promise<void> {
  const bodies = await derivedBodies(N);
  const slug = generatePost(Math.floor(N / 2)).slug;
  const serverEnv = { EMBEDDED_BUILDER: 'off', AUTOMATION_SCHEDULE: 'off', TRUST_PROXY: '1' };
  const results: Partial<Record<'file' | 'sqld' | 'replica', Record<Endpoint, LoadResult>>> = {};

  const file = await freshData('db-file');
  await seedCorpus(file.db, N, bodies);
  const fileServer = await startServer({ dir: file.dir, port: PORT, env: serverEnv, readyTimeoutMs: 600_000 });
  try {
    results.file = await measure(fileServer.url, slug);
  } finally {
    await fileServer.stop();
    file.cleanup();
  }

  const sqld = await startSqld();
  const remote = await freshData('db-sqld');
  try {
    const db = await openDb(sqld.url);
    await migrateDb(db);
    const t0 = performance.now();
    await seedCorpus(db, N, bodies);
    console.log(`seeded ${fmt(N)} posts into sqld in ${fmt((performance.now() - t0) / 1000, 1)} s`);
    db.$client.close();
    for (const mode of ['sqld', 'replica'] as const) {
      const env = {
        ...serverEnv,
        DATABASE_URL: sqld.url,
        ...(mode === 'replica'
          ? { DATABASE_REPLICA_PATH: `${remote.dir}/replica.db`, DATABASE_SYNC_INTERVAL: '1' }
          : {}),
      };
      const server = await startServer({ dir: remote.dir, port: PORT + 1, env, readyTimeoutMs: 600_000 });
      try {
        results[mode] = await measure(server.url, slug);
      } finally {
        await server.stop();
      }
    }
  } finally {
    await sqld.stop();
    remote.cleanup();
  }

  console.log('\nSummary');
  for (const endpoint of ENDPOINTS) {
    const f = results.file![endpoint];
    const cell = (mode: 'file' | 'sqld' | 'replica') => {
      const r = results[mode]![endpoint];
      const ratio = mode === 'file' ? '' : `, ${(r.rps / f.rps).toFixed(2)} × file`;
      return `${mode} ${fmt(r.rps)} req/s p99 ${r.p99} ms${ratio}${r.errors || r.non2xx ? ` (errors ${r.errors}, non-2xx ${r.non2xx})` : ''}`;
    };
    const budget = endpoint === 'views' ? 'a write: no replica budget' : 'budget: replica ≥ 0.8 × file';
    console.log(
      `databases, ${endpoint}, ${fmt(N)} posts, 10 connections: ${cell('file')}; ${cell('sqld')}; ${cell('replica')} (${budget})`,
    );
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

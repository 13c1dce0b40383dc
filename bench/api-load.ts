/**
 * The API under load at 10,000 realistic posts (issue 15), against one real server (a file database, no embedded
 * builder, no automation schedule, TRUST_PROXY=1 so every beacon comes from a distinct simulated reader):
 *
 * 1. each endpoint alone at 10 and at 200 connections: the list of 20 with full content (sent with a browser's
 *    `Accept-Encoding`), an article by slug, search (a rotation of words and partial words of the corpus), the views
 *    beacon and `/api/status`, each with req/s, p50, p99, errors and non-2xx, and a ratio to `GET /api/health`
 *    measured in the same run at the same connection count;
 * 2. the list's limit reference: sending a file of the list answer's compressed size (see `staticReference`);
 * 3. mixed: the beacon at a fixed 3,000 req/s beside the list at 10 connections;
 * 4. the list revalidated with its ETag (`If-None-Match`), which should be all 304s.
 *
 * Each load lasts 5 s after a 1 s warm-up of the same endpoint.
 *
 *   node bench/api-load.ts [posts=10000]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { generatePost } from './corpus.ts';
import { derivedBodies, seedCorpus } from './derived.ts';
import { fmt, freshData, startServer, type LoadResult } from './lib.ts';

const N = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 10_000);
const DURATION = 5;
const WARMUP = 1;
const PORT = 4461;
const REFERENCE_PORT = 4462;
const BROWSER = { 'Accept-Encoding': 'br, gzip' };
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const SEARCH_WORDS = ['grid', 'batter', 'quantum', 'regulat', 'semicond'];
const CONNECTIONS = [10, 200] as const;
const REFERENCE_FILE = 'list-reference.bin';


interface Result extends LoadResult {
  statuses: Record<string, number>;
}

async function run(opts: autocannon.Options): Promise<Result> {
  const r = await autocannon({ connections: 10, duration: DURATION, ...opts });
  const statuses = Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => [code, s?.count ?? 0]));
  return { rps: Math.round(r.requests.average), p99: r.latency.p99, p50: r.latency.p50, errors: r.errors + r.timeouts, non2xx: r.non2xx, statuses };
}

/** A 1 s warm-up of the same load, then the measured 5 s. */
async function measured(opts: autocannon.Options): Promise<Result> {
  await run({ ...opts, duration: WARMUP });
  return run(opts);
}

/** One raw GET (no decompression): status, headers and the bytes as sent. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (d: Buffer) => (bytes += d.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Requests that rotate through paths, so a cache keyed by path sees the spread a real audience gives it. */
function rotating(url: string, paths: string[], headers: Record<string, string> = {}): autocannon.Options {
  let i = 0;
  return {
    url,
    headers,
    requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: paths[i++ % paths.length]! }) }],
  };
}

let seq = 0;
/** The beacon from a distinct simulated reader per request (TRUST_PROXY=1 reads X-Forwarded-For), for real slugs. */
function views(url: string, slugs: string[], extra: Partial<autocannon.Options> = {}): autocannon.Options {
  const bodies = slugs.map((slug, i) => JSON.stringify({ slug, event: 'view', referrer: i % 3 === 0 ? 'news.ycombinator.com' : '' }));
  const base = { Origin: url, 'Content-Type': 'text/plain;charset=UTF-8', 'User-Agent': UA };
  return {
    url: `${url}/api/views`,
    ...extra,
    requests: [
      {
        method: 'POST',
        setupRequest: (req: autocannon.Request) => {
          seq++;
          const headers = { ...base, 'X-Forwarded-For': `10.${(seq >> 16) & 255}.${(seq >> 8) & 255}.${seq & 255}` };
          return { ...req, headers, body: bodies[seq % bodies.length] };
        },
      },
    ],
  };
}

/**
 * The list's limit reference: the same bytes sent as a static file. The data folder gets `site/trees/bench/` and
 * `site/current -> trees/bench` before the server starts, and the file (random bytes, as incompressible as brotli
 * output, of the list answer's compressed size) once that size is known. If the server sends it, it is the
 * reference. With EMBEDDED_BUILDER=off it does not: the builder's `liveDir()` is null for any target but
 * `embedded`, so the site answers 503 whatever `site/current` holds. The reference is then a minimal `node:http`
 * server in its own process (like the API, so it does not share the load generator's thread) sending the same
 * number of bytes from memory: the cost of HTTP and those bytes on this machine, with no framework.
 */
async function staticReference(apiUrl: string, dir: string, size: number): Promise<{ url: string; label: string; proc?: ChildProcess }> {
  writeFileSync(join(dir, 'site', 'trees', 'bench', REFERENCE_FILE), randomBytes(size));
  const probe = await rawGet(`${apiUrl}/${REFERENCE_FILE}`);
  if (probe.status === 200 && probe.bytes === size) return { url: `${apiUrl}/${REFERENCE_FILE}`, label: 'the API server sending a static file of that size' };
  console.log(`(the API server does not serve DATA_DIR/site/current with EMBEDDED_BUILDER=off: /${REFERENCE_FILE} answered ${probe.status})`);
  const code = `
    const body = require('node:crypto').randomBytes(Number(process.env.SIZE));
    require('node:http')
      .createServer((req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': body.length });
        res.end(body);
      })
      .listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));`;
  const proc = spawn(process.execPath, ['-e', code], { env: { ...process.env, SIZE: String(size), PORT: String(REFERENCE_PORT) }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    proc.stdout!.once('data', () => resolve());
    proc.once('exit', (code) => reject(new Error(`reference server exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${REFERENCE_PORT}/`, label: 'a minimal node:http server in its own process sending that many bytes from memory', proc };
}

const lines: string[] = [];
function report(line: string): void {
  lines.push(line);
  console.log(line);
}
const figures = (r: Result) => `${fmt(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms`;
const faults = (r: Result) => `errors ${r.errors}, non-2xx ${r.non2xx}`;
const ratio = (a: Result, b: Result) => (a.rps / b.rps).toFixed(2);

async function main(): Promise<void> {
  const bodies = await derivedBodies(N);
  // Real published slugs spread over the corpus, for articles and beacons.
  const slugs = Array.from({ length: Math.min(N, 200) }, (_, i) => generatePost(Math.floor((i * N) / Math.min(N, 200))).slug);
  const loadBefore = loadavg()[0]!;
  const data = await freshData('api-load');
  const t0 = performance.now();
  await seedCorpus(data.db, N, bodies);
  data.db.$client.close();
  console.log(`seeded ${fmt(N)} posts in ${fmt((performance.now() - t0) / 1000, 1)} s`);
  mkdirSync(join(data.dir, 'site', 'trees', 'bench'), { recursive: true });
  symlinkSync('trees/bench', join(data.dir, 'site', 'current'));

  const server = await startServer({
    dir: data.dir,
    port: PORT,
    env: { EMBEDDED_BUILDER: 'off', AUTOMATION_SCHEDULE: 'off', TRUST_PROXY: '1' },
    readyTimeoutMs: 600_000,
  });
  let reference: Awaited<ReturnType<typeof staticReference>> | null = null;
  try {
    const url = server.url;
    const listPath = '/api/posts?published=true&limit=20';
    const listUrl = `${url}${listPath}`;
    const first = await rawGet(listUrl, BROWSER);
    const etag = String(first.headers.etag ?? '');
    if (first.status !== 200 || !etag) throw new Error(`the list answered ${first.status} (ETag ${etag || 'none'})`);
    console.log(`list answer: ${fmt(first.bytes)} bytes ${String(first.headers['content-encoding'] ?? 'identity')}, ETag ${etag}`);
    for (const word of SEARCH_WORDS) {
      const r = await fetch(`${listUrl}&search=${word}`);
      await r.arrayBuffer();
      console.log(`search '${word}': ${r.status}, ${r.headers.get('x-total-count')} posts`);
    }
    const searchPaths = SEARCH_WORDS.map((w) => `${listPath}&search=${w}`);
    const articlePaths = slugs.map((s) => `/api/posts/slug/${s}`);

    // 1. Each endpoint alone, with the trivial reference at the same connection count.
    const alone: Record<number, Record<string, Result>> = {};
    for (const connections of CONNECTIONS) {
      const c = { connections };
      alone[connections] = {
        health: await measured({ url: `${url}/api/health`, ...c }),
        list: await measured({ url: listUrl, headers: BROWSER, ...c }),
        article: await measured({ ...rotating(url, articlePaths), ...c }),
        search: await measured({ ...rotating(url, searchPaths, BROWSER), ...c }),
        views: await measured(views(url, slugs, c)),
        status: await measured({ url: `${url}/api/status`, ...c }),
      };
    }

    // 2. The list's limit reference.
    reference = await staticReference(url, data.dir, first.bytes);
    const staticRef = await measured({ url: reference.url, connections: 10 });

    // 3. Mixed: beacons at a fixed rate beside the list, both at once (and both sharing this process's thread).
    await run({ url: listUrl, headers: BROWSER, duration: WARMUP });
    const [mixedList, mixedViews] = await Promise.all([
      run({ url: listUrl, headers: BROWSER }),
      run(views(url, slugs, { overallRate: 3000 })),
    ]);

    // 4. Revalidation with the list's ETag.
    const conditional = await measured({ url: listUrl, headers: { ...BROWSER, 'If-None-Match': etag } });

    console.log('');
    const budgets: Record<string, Record<number, string>> = {
      list: { 10: 'budget p99 ≤ 3 ms, DESIGN.md §8', 200: 'no budget' },
      views: { 10: 'no budget', 200: 'budget ≥ 5,000 req/s, p99 ≤ 5 ms, DESIGN.md §8' },
    };
    const names: Record<string, string> = {
      list: `GET ${listPath} (Accept-Encoding: br, gzip)`,
      article: `GET /api/posts/slug/<slug> (${slugs.length} slugs)`,
      search: `GET ${listPath}&search=<${SEARCH_WORDS.join('|')}> (Accept-Encoding: br, gzip)`,
      views: 'POST /api/views (a distinct X-Forwarded-For per request)',
      status: 'GET /api/status',
    };
    for (const connections of CONNECTIONS) {
      const r = alone[connections]!;
      report(`apiload, GET /api/health (trivial reference), ${connections} connections: ${figures(r.health!)} (reference); ${faults(r.health!)}`);
      for (const key of ['list', 'article', 'search', 'views', 'status']) {
        const x = r[key]!;
        report(
          `apiload, ${names[key]}, ${fmt(N)} posts, ${connections} connections: ${figures(x)}, ${ratio(x, r.health!)} × trivial ` +
            `(${budgets[key]?.[connections] ?? 'no budget'}); ${faults(x)}`,
        );
      }
    }
    const list10 = alone[10]!.list!;
    report(`apiload, list's limit reference: ${fmt(first.bytes)} bytes from ${reference.label}, 10 connections: ${figures(staticRef)} (reference); ${faults(staticRef)}`);
    report(`apiload, list ÷ limit reference, 10 connections: ${ratio(list10, staticRef)} (budget ≥ 0.8)`);
    report(
      `apiload, POST /api/views at 3,000 req/s beside the list at 10 connections: ${figures(mixedViews)} (3,000 req/s asked; budget p99 ≤ 10 ms); ${faults(mixedViews)}`,
    );
    report(
      `apiload, the list at 10 connections beside 3,000 views/s: ${figures(mixedList)}, ${ratio(mixedList, list10)} × the list alone (budget ≥ 0.9); ${faults(mixedList)}`,
    );
    const statuses = Object.entries(conditional.statuses).map(([code, n]) => `${code}: ${fmt(n)}`).join(', ');
    report(
      `apiload, the list with If-None-Match: <its ETag>, 10 connections: ${figures(conditional)}, ${ratio(conditional, alone[10]!.health!)} × trivial, ` +
        `${ratio(conditional, list10)} × the full list (no budget; all should be 304); statuses ${statuses}; errors ${conditional.errors}`,
    );
    report(
      `apiload, machine load average (1 min) ${loadBefore.toFixed(2)} before seeding, ${loadavg()[0]!.toFixed(2)} after the loads ` +
        `(the load generator shares the cores with the server and anything else running: compare ratios, not runs)`,
    );
  } finally {
    reference?.proc?.kill('SIGTERM');
    await server.stop();
    data.cleanup();
  }

  console.log('\nSummary');
  for (const line of lines) console.log(line);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

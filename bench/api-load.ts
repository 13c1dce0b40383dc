/**
 * The API under load, against real servers (file database, no embedded builder, no automation schedule,
 * TRUST_PROXY=1 so every beacon comes from a distinct simulated reader). One run is several rounds of:
 *
 * 1. at 10,000 realistic posts, each endpoint alone at 10 and at 200 connections: `GET /api/health` (the trivial
 *    reference), the list of 20 with full content (with a browser's `Accept-Encoding`), an article by slug, search
 *    (a rotation of words and partial words of the corpus) with full content and with `fields=summary`, the views
 *    beacon and `/api/status`;
 * 2. the list's limit reference at 10 and 200 connections: the same number of bytes as the list answer, sent by a
 *    bare `node:http` server in its own process (see `staticReference`);
 * 3. mixed, at 10 and at 200 connections: the list measured while a second wrk process sends the beacon at a
 *    fixed 3,000 req/s; as references, the same while that wrk sends the trivial endpoint at the same rate, and the
 *    limit reference's bytes beside 3,000 beacons a second to that bare server (the most any node:http server keeps
 *    of its throughput on this machine while taking them);
 * 4. the list revalidated with its ETag (`If-None-Match`), which should be all 304s;
 * 5. the seeded site (the real seed a fresh install gets): the list against `/api/health` at 10 connections.
 *
 * Every figure is reported as the median over the rounds (req/s, p50, p99; errors as the worst round), and every
 * ratio is computed within a round (both loads measured minutes apart at most, on the same machine state) and then
 * its median taken. Each load lasts BENCH_DURATION seconds (default 5) after a 1 s warm-up of the same endpoint.
 * The load comes from wrk (`bench/wrk.ts`; apt-get install -y wrk), one thread per load: it leaves the server most
 * of the second core, where a JavaScript generator spent more CPU reading 60 KB answers than the server sending them.
 *
 * One file a little over 400 lines: the rounds, their references and the ratios taken within a round are one
 * measurement; the load generator (bench/wrk.ts) and the servers (bench/lib.ts) are already apart.
 *
 *   pnpm bench apiload                      (10,000 posts, 3 rounds)
 *   node bench/api-load.ts [posts] [rounds=N]
 *   BENCH_CPU_PROF=<dir> node bench/api-load.ts ...   writes a CPU profile of each server to <dir> (node --cpu-prof)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { generatePost } from './corpus.ts';
import { derivedBodies, seedCorpus } from './derived.ts';
import { fmt, freshData, startServer, type Server } from './lib.ts';
import { requireWrk, wrk, type WrkLoad, type WrkResult as Result } from './wrk.ts';

const N = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 10_000);
const ROUNDS = Number(/^rounds=(\d+)$/.exec(process.argv.find((a) => a.startsWith('rounds=')) ?? '')?.[1] ?? 3);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const WARMUP = 1;
const PORT = 4461;
const SEEDED_PORT = 4463;
const REFERENCE_PORT = 4462;
const VIEWS_RATE = 3000;
/** The beacon budget's load: 200 concurrent readers sending 5,000 beacons a second between them. */
const READERS = { connections: 200, rate: 5000 };
const BROWSER = { 'Accept-Encoding': 'br, gzip' };
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const SEARCH_WORDS = ['grid', 'batter', 'quantum', 'regulat', 'semicond'];
const CONNECTIONS = [10, 200] as const;
const LIST_PATH = '/api/posts?published=true&limit=20';

type Load = Omit<WrkLoad, 'duration'>;
const run = (load: Load) => wrk({ duration: DURATION, ...load });

/** A 1 s warm-up of the same load, then the measured run. */
async function measured(load: Load): Promise<Result> {
  await wrk({ ...load, duration: WARMUP });
  return run(load);
}

/** One raw GET (no decompression): status, headers and the bytes as sent. */
function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: number }> {
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

/**
 * The beacon from a distinct simulated reader per request (TRUST_PROXY=1 reads X-Forwarded-For), for real slugs.
 * `firstReader` keeps the readers of different loads apart (the server rate-limits and de-duplicates per reader).
 */
function views(url: string, slugs: string[], firstReader: number, extra: Partial<Load> = {}): Load {
  return {
    url,
    paths: ['/api/views'],
    method: 'POST',
    bodies: slugs.map((slug, i) =>
      JSON.stringify({ slug, event: 'view', referrer: i % 3 === 0 ? 'news.ycombinator.com' : '' }),
    ),
    headers: { Origin: url, 'Content-Type': 'text/plain;charset=UTF-8', 'User-Agent': UA },
    firstReader,
    ...extra,
  };
}

let readers = 0;
/** A fresh range of simulated readers for one load (2^20 each: more than any 5 s load sends). */
const nextReaders = () => (readers += 1 << 20);

/**
 * The list's limit reference: a minimal `node:http` server in its own process (like the API, so it does not share
 * the load generator's thread) sending the list answer's number of bytes from memory (random bytes, as
 * incompressible as brotli output): the cost of HTTP and those bytes on this machine, with no framework. (The API
 * serves no site with EMBEDDED_BUILDER=off, so it cannot send a static file itself.) It takes a POST as the least a
 * beacon can cost: the body read and parsed, then 204.
 */
async function staticReference(size: number): Promise<{ url: string; proc: ChildProcess }> {
  const code = `
    const body = require('node:crypto').randomBytes(Number(process.env.SIZE));
    require('node:http')
      .createServer((req, res) => {
        if (req.method === 'POST') {
          const chunks = [];
          req.on('data', (c) => chunks.push(c));
          req.on('end', () => {
            JSON.parse(Buffer.concat(chunks).toString('utf8'));
            res.writeHead(204);
            res.end();
          });
          return;
        }
        res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': body.length });
        res.end(body);
      })
      .listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));`;
  const proc = spawn(process.execPath, ['-e', code], {
    env: { ...process.env, SIZE: String(size), PORT: String(REFERENCE_PORT) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    proc.stdout!.once('data', () => resolve());
    proc.once('exit', (c) => reject(new Error(`reference server exited (${c})`)));
  });
  return { url: `http://127.0.0.1:${REFERENCE_PORT}/`, proc };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** Figures of one load over the rounds. */
class Series {
  readonly rounds: Result[] = [];
  add(r: Result): Result {
    this.rounds.push(r);
    return r;
  }
  get rps() {
    return median(this.rounds.map((r) => r.rps));
  }
  get p50() {
    return median(this.rounds.map((r) => r.p50));
  }
  get p99() {
    return median(this.rounds.map((r) => r.p99));
  }
  get errors() {
    return Math.max(...this.rounds.map((r) => r.errors));
  }
  get non2xx() {
    return Math.max(...this.rounds.map((r) => r.non2xx));
  }
  /** The median of the per-round ratios of this load's req/s to another's. */
  ratio(to: Series): number {
    return median(this.rounds.map((r, i) => r.rps / to.rounds[i]!.rps));
  }
  /** Every round's p99, for the noise. */
  get p99s() {
    return this.rounds.map((r) => r.p99).join('/');
  }
}

const series = new Map<string, Series>();
const s = (key: string) => {
  if (!series.has(key)) series.set(key, new Series());
  return series.get(key)!;
};

async function prepare10k(): Promise<{ server: Server; cleanup: () => void; slugs: string[] }> {
  const bodies = await derivedBodies(N);
  const data = await freshData('api-load');
  const t0 = performance.now();
  await seedCorpus(data.db, N, bodies);
  data.db.$client.close();
  console.log(`seeded ${fmt(N)} posts in ${fmt((performance.now() - t0) / 1000, 1)} s`);
  const server = await startServer({
    dir: data.dir,
    port: PORT,
    env: SERVER_ENV,
    readyTimeoutMs: 600_000,
    nodeArgs: profileArgs('10k'),
  });
  // Real published slugs spread over the corpus, for articles and beacons.
  const slugs = Array.from(
    { length: Math.min(N, 200) },
    (_, i) => generatePost(Math.floor((i * N) / Math.min(N, 200))).slug,
  );
  return { server, cleanup: data.cleanup, slugs };
}

const SERVER_ENV = {
  EMBEDDED_BUILDER: 'off',
  AUTOMATION_SCHEDULE: 'off',
  TRUST_PROXY: '1',
  ...(process.env.VIEWS_WRITER ? { VIEWS_WRITER: process.env.VIEWS_WRITER } : {}),
};
const profileArgs = (name: string) =>
  process.env.BENCH_CPU_PROF
    ? [
        '--cpu-prof',
        `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`,
        `--cpu-prof-name=${name}-${process.pid}.cpuprofile`,
      ]
    : [];

async function main(): Promise<void> {
  requireWrk();
  const loadBefore = loadavg()[0]!;
  const big = await prepare10k();
  const seededData = await freshData('api-load-seeded');
  seededData.db.$client.close();
  // A fresh data folder: the server seeds the real seed at its first start.
  const seeded = await startServer({
    dir: seededData.dir,
    port: SEEDED_PORT,
    env: SERVER_ENV,
    nodeArgs: profileArgs('seeded'),
  });
  let reference: Awaited<ReturnType<typeof staticReference>> | null = null;
  let etag = '';
  let listBytes = 0;
  let seededBytes = 0;
  try {
    const url = big.server.url;
    const listUrl = `${url}${LIST_PATH}`;
    const first = await rawGet(listUrl, BROWSER);
    etag = String(first.headers.etag ?? '');
    listBytes = first.bytes;
    if (first.status !== 200 || !etag) throw new Error(`the list answered ${first.status} (ETag ${etag || 'none'})`);
    console.log(
      `list answer: ${fmt(first.bytes)} bytes ${String(first.headers['content-encoding'] ?? 'identity')}, ETag ${etag}`,
    );
    const seededFirst = await rawGet(`${seeded.url}${LIST_PATH}`, BROWSER);
    seededBytes = seededFirst.bytes;
    console.log(
      `seeded site's list answer: ${fmt(seededFirst.bytes)} bytes ${String(seededFirst.headers['content-encoding'] ?? 'identity')}`,
    );
    for (const word of SEARCH_WORDS) {
      const r = await fetch(`${listUrl}&search=${word}`);
      await r.arrayBuffer();
      console.log(`search '${word}': ${r.status}, ${r.headers.get('x-total-count')} posts`);
    }
    const searchPaths = SEARCH_WORDS.map((w) => `${LIST_PATH}&search=${w}`);
    const articlePaths = big.slugs.map((slug) => `/api/posts/slug/${slug}`);
    reference = await staticReference(first.bytes);

    for (let round = 1; round <= ROUNDS; round++) {
      console.log(`round ${round} of ${ROUNDS}`);
      for (const connections of CONNECTIONS) {
        const c = { connections };
        const list: Load = { url, paths: [LIST_PATH], headers: BROWSER, ...c };
        s(`health ${connections}`).add(await measured({ url, paths: ['/api/health'], ...c }));
        s(`list ${connections}`).add(await measured(list));
        s(`static ${connections}`).add(await measured({ url: reference.url, paths: ['/'], ...c }));
        s(`article ${connections}`).add(await measured({ url, paths: articlePaths, ...c }));
        s(`search ${connections}`).add(await measured({ url, paths: searchPaths, headers: BROWSER, ...c }));
        s(`searchSummary ${connections}`).add(
          await measured({ url, paths: searchPaths.map((p) => `${p}&fields=summary`), headers: BROWSER, ...c }),
        );
        s(`views ${connections}`).add(await measured(views(url, big.slugs, nextReaders(), c)));
        // The views above are a closed loop (each connection sends again as soon as it is answered), which measures
        // the most the server can take; readers send at their own pace, so the beacon budget is measured paced.
        if (connections === READERS.connections)
          s('views readers').add(await measured(views(url, big.slugs, nextReaders(), { ...READERS, statuses: true })));
        s(`status ${connections}`).add(await measured({ url, paths: ['/api/status'], headers: BROWSER, ...c }));
        // Mixed: the list and the beacons at a fixed rate (3,000/s over 30 connections), each from its own wrk.
        const beacons = views(url, big.slugs, nextReaders(), { connections: 30, rate: VIEWS_RATE, statuses: true });
        await Promise.all([wrk({ ...list, duration: WARMUP }), wrk({ ...beacons, duration: WARMUP })]);
        const [mixedList, mixedViews] = await Promise.all([run(list), run(beacons)]);
        s(`mixed list ${connections}`).add(mixedList);
        s(`mixed views ${connections}`).add(mixedViews);
        console.log(
          `  ${connections} connections: list ${fmt(mixedList.rps)} req/s beside views ${fmt(mixedViews.rps)} req/s p99 ${mixedViews.p99} ms`,
        );
        // The same, with the cheapest request the API answers (GET /api/health) at the beacons' rate: what any 3,000
        // requests a second cost the list on this machine (the second wrk, the kernel, the server's HTTP parsing).
        const trivial: Load = { url, paths: ['/api/health'], connections: 30, rate: VIEWS_RATE, statuses: true };
        await Promise.all([wrk({ ...list, duration: WARMUP }), wrk({ ...trivial, duration: WARMUP })]);
        const [besideTrivial] = await Promise.all([run(list), run(trivial)]);
        s(`trivial list ${connections}`).add(besideTrivial);
        // The ceiling: the limit reference's answer beside the same beacons, all sent to that bare server.
        const bare: Load = { url: reference.url, paths: ['/'], ...c };
        const bareBeacons = views(reference.url, big.slugs, nextReaders(), {
          connections: 30,
          rate: VIEWS_RATE,
          statuses: true,
        });
        await Promise.all([wrk({ ...bare, duration: WARMUP }), wrk({ ...bareBeacons, duration: WARMUP })]);
        const [bareList, bareViews] = await Promise.all([run(bare), run(bareBeacons)]);
        s(`ceiling list ${connections}`).add(bareList);
        s(`ceiling views ${connections}`).add(bareViews);
      }
      s('conditional 10').add(
        await measured({ url, paths: [LIST_PATH], headers: { ...BROWSER, 'If-None-Match': etag }, statuses: true }),
      );
      // The trivial endpoint as a browser asks for it: a small whole answer must not pay for compression.
      s('health browser 10').add(await measured({ url, paths: ['/api/health'], headers: BROWSER }));
      s('seeded health 10').add(await measured({ url: seeded.url, paths: ['/api/health'] }));
      s('seeded list 10').add(await measured({ url: seeded.url, paths: [LIST_PATH], headers: BROWSER }));
    }
  } finally {
    reference?.proc.kill('SIGTERM');
    await big.server.stop();
    await seeded.stop();
    big.cleanup();
    seededData.cleanup();
  }

  const lines: string[] = [];
  const report = (line: string) => {
    lines.push(line);
    console.log(line);
  };
  const fig = (x: Series) => `${fmt(x.rps)} req/s, p50 ${x.p50} ms, p99 ${x.p99} ms (rounds ${x.p99s})`;
  const faults = (x: Series) => `socket errors ${x.errors}, answers ≥ 400 ${x.non2xx}`;
  const r2 = (n: number) => n.toFixed(2);
  const med = `median of ${ROUNDS} rounds, ${DURATION} s each`;
  const names: Record<string, string> = {
    list: `GET ${LIST_PATH} (Accept-Encoding: br, gzip; ${fmt(listBytes)} bytes)`,
    article: `GET /api/posts/slug/<slug> (${big.slugs.length} slugs)`,
    search: `GET ${LIST_PATH}&search=<${SEARCH_WORDS.join('|')}> (full content, like the list)`,
    searchSummary: `GET ${LIST_PATH}&search=<…>&fields=summary (what a result listing asks for)`,
    views: 'POST /api/views (a distinct X-Forwarded-For per request)',
    status: 'GET /api/status (Accept-Encoding: br, gzip)',
  };
  const budgets: Record<string, Record<number, string>> = {
    list: { 10: 'budget p99 ≤ 3 ms', 200: 'budget p99 ≤ 50 ms, 0 errors' },
    search: { 10: 'budget p99 ≤ 10 ms', 200: 'no budget' },
    searchSummary: { 10: 'budget p99 ≤ 10 ms', 200: 'no budget' },
    views: { 10: 'no budget', 200: 'no budget: closed loop, the most the server takes' },
  };
  console.log('');
  for (const connections of CONNECTIONS) {
    const health = s(`health ${connections}`);
    report(
      `apiload, GET /api/health (trivial reference), ${connections} connections: ${fig(health)}; ${faults(health)} [${med}]`,
    );
    for (const key of ['list', 'article', 'search', 'searchSummary', 'views', 'status']) {
      const x = s(`${key} ${connections}`);
      report(
        `apiload, ${names[key]}, ${fmt(N)} posts, ${connections} connections: ${fig(x)}, ${r2(x.ratio(health))} × trivial ` +
          `(${budgets[key]?.[connections] ?? 'no budget'}); ${faults(x)}`,
      );
    }
    const st = s(`static ${connections}`);
    const list = s(`list ${connections}`);
    report(
      `apiload, limit reference (node:http sending ${fmt(listBytes)} bytes from memory), ${connections} connections: ${fig(st)}; ${faults(st)}`,
    );
    report(
      `apiload, list ÷ limit reference, ${connections} connections: ${r2(list.ratio(st))} (budget ≥ 0.8); list ÷ trivial ${r2(list.ratio(health))}`,
    );
    const mv = s(`mixed views ${connections}`);
    const ml = s(`mixed list ${connections}`);
    report(
      `apiload, POST /api/views at ${fmt(VIEWS_RATE)} req/s from a second process beside the list at ${connections} connections: ${fig(mv)} ` +
        `(budget p99 ≤ 10 ms); ${faults(mv)}`,
    );
    const tl = s(`trivial list ${connections}`);
    report(
      `apiload, the list at ${connections} connections beside ${fmt(VIEWS_RATE)} views/s: ${fig(ml)}, ${r2(ml.ratio(list))} × the list alone ` +
        `(budget ≥ 0.9); ${faults(ml)}`,
    );
    report(
      `apiload, reference: the list at ${connections} connections beside ${fmt(VIEWS_RATE)} GET /api/health/s: ${fig(tl)}, ` +
        `${r2(tl.ratio(list))} × the list alone; beside views ÷ beside the trivial endpoint ${r2(ml.ratio(tl))}`,
    );
    const cl = s(`ceiling list ${connections}`);
    const cv = s(`ceiling views ${connections}`);
    report(
      `apiload, ceiling: the limit reference at ${connections} connections beside ${fmt(VIEWS_RATE)} beacons/s to the same bare node:http ` +
        `server (body parsed, 204): ${fig(cl)}, ${r2(cl.ratio(st))} × itself alone; its beacons ${fig(cv)}; the API's list keeps ` +
        `${r2(ml.ratio(list) / cl.ratio(st))} of what that bare server keeps; ${faults(cv)}`,
    );
  }
  const vr = s('views readers');
  report(
    `apiload, POST /api/views from ${READERS.connections} readers at ${fmt(READERS.rate)} req/s between them, ${fmt(N)} posts: ${fig(vr)} ` +
      `(budget ≥ 5,000 req/s, p99 ≤ 5 ms); ${faults(vr)}`,
  );
  const hb = s('health browser 10');
  report(
    `apiload, GET /api/health with Accept-Encoding: br, gzip (a small answer as a browser asks for it), 10 connections: ${fig(hb)}, ` +
      `${r2(hb.ratio(s('health 10')))} × without; ${faults(hb)}`,
  );
  const cond = s('conditional 10');
  const statuses = Object.entries(cond.rounds.at(-1)!.statuses)
    .map(([code, n]) => `${code}: ${fmt(n)}`)
    .join(', ');
  report(
    `apiload, the list with If-None-Match: <its ETag>, 10 connections: ${fig(cond)}, ${r2(cond.ratio(s('health 10')))} × trivial ` +
      `(statuses of the last round ${statuses}; errors ${cond.errors})`,
  );
  const sh = s('seeded health 10');
  const sl = s('seeded list 10');
  report(`apiload, seeded site: GET /api/health, 10 connections: ${fig(sh)}; ${faults(sh)}`);
  report(
    `apiload, seeded site: GET ${LIST_PATH} (${fmt(seededBytes)} bytes), 10 connections: ${fig(sl)}, ${r2(sl.ratio(sh))} × trivial (budget ≥ 0.5); ${faults(sl)}`,
  );
  report(
    `apiload, machine load average (1 min) ${loadBefore.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after ` +
      `(the load generators share the 2 cores with the servers and anything else running: compare ratios, not runs)`,
  );
  console.log('\nSummary');
  for (const line of lines) console.log(line);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

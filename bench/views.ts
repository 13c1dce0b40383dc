/**
 * `node bench/views.ts`: the reader beacon's budget (POST /api/views ≥ 3,000 req/s, p99 ≤ 10 ms,
 * without slowing GET /api/posts by more than 10 %) and GET /api/status latency (≤ 50 ms), against a real server
 * with 10,000 posts. Every run is bounded by duration. The server trusts X-Forwarded-For here so that each
 * beacon comes from a distinct simulated reader and is really counted (not deduplicated or rate-limited).
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { fmt, freshData, insertSyntheticPosts, load, startServer, type LoadResult } from './lib.ts';

const PORT = 4446;
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

// Bodies and client addresses are prepared up front so the load generator spends its time sending.
const POOL = 50_000;
const BODIES = Array.from({ length: POOL }, (_, i) => {
  const n = 1 + (i % 9000);
  const slug = `synthetic-post-${n % 10 === 0 ? n + 1 : n}`; // every tenth synthetic post is a draft
  return JSON.stringify({ slug, event: 'view', referrer: i % 3 === 0 ? 'news.ycombinator.com' : '' });
});
let seq = 0;

function viewsRequest(url: string, rate?: number): autocannon.Options {
  const base = { Origin: url, 'Content-Type': 'text/plain;charset=UTF-8', 'User-Agent': UA };
  return {
    url: `${url}/api/views`,
    connections: 10,
    duration: 8,
    ...(rate ? { overallRate: rate } : {}),
    requests: [
      {
        method: 'POST',
        setupRequest: (req: autocannon.Request) => {
          seq++;
          // A distinct simulated reader per request, so every beacon is really counted.
          const headers = { ...base, 'X-Forwarded-For': `10.${(seq >> 16) & 255}.${(seq >> 8) & 255}.${seq & 255}` };
          return { ...req, headers, body: BODIES[seq % POOL] };
        },
      },
    ],
  };
}

/** User + system CPU milliseconds a process has used (Linux /proc, 100 ticks a second). */
function serverCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const line = (name: string, r: LoadResult, budget: string) =>
  console.log(
    `${name}: ${fmt(r.rps)} req/s, p99 ${r.p99} ms, p50 ${r.p50} ms (${budget}); errors ${r.errors}, non-2xx ${r.non2xx}`,
  );

async function main(): Promise<void> {
  const data = await freshData('views');
  await insertSyntheticPosts(data.db, 10_000);
  const server = await startServer({
    dir: data.dir,
    port: PORT,
    env: { EMBEDDED_BUILDER: 'off', TRUST_PROXY: 'true' },
  });
  const postsUrl = `${server.url}/api/posts?published=true&limit=20`;
  try {
    await load({ url: `${server.url}/api/health`, duration: 2 });
    await load({ ...viewsRequest(server.url), duration: 2 });

    const trivial = await load({ url: `${server.url}/api/health` });
    line('GET /api/health (trivial reference)', trivial, 'reference');
    const views = await load(viewsRequest(server.url));
    line('POST /api/views', views, 'budget 3000, 10');
    console.log(`POST /api/views ratio to trivial: ${(views.rps / trivial.rps).toFixed(2)}`);

    const postsAlone = await load({ url: postsUrl });
    line('GET /api/posts?published=true&limit=20 alone', postsAlone, 'reference for the views load');
    // Readers' beacons at the budgeted rate while the list is measured; both loads share this process and the
    // server's single thread, so this is the worst case on 2 cores.
    for (const rate of [3000, 1000]) {
      const [postsLoaded, viewsLoaded] = await Promise.all([
        load({ url: postsUrl }),
        load(viewsRequest(server.url, rate)),
      ]);
      line(
        `GET /api/posts while POST /api/views runs at ${rate}/s`,
        postsLoaded,
        `budget ≥ 0.90 × alone: ${(postsLoaded.rps / postsAlone.rps).toFixed(2)}`,
      );
      line(`  (POST /api/views during that run)`, viewsLoaded, `target ${rate}/s`);
    }

    // An open-loop view of the same question: the list at a fixed, unsaturated rate, its latency with and without beacons.
    const fixedAlone = await load({ url: postsUrl, overallRate: 500 });
    const [fixedLoaded] = await Promise.all([
      load({ url: postsUrl, overallRate: 500 }),
      load(viewsRequest(server.url, 1000)),
    ]);
    line('GET /api/posts at 500/s alone', fixedAlone, 'reference');
    line(
      'GET /api/posts at 500/s while POST /api/views runs at 1000/s',
      fixedLoaded,
      `p50 ${fixedAlone.p50} → ${fixedLoaded.p50} ms`,
    );

    // The server's own CPU time for beacons at a fixed rate: the share of a core they take from everything else.
    const before = serverCpuMs(server.proc.pid!);
    const t0 = performance.now();
    const paced = await load(viewsRequest(server.url, 1000));
    const cpuShare = (serverCpuMs(server.proc.pid!) - before) / (performance.now() - t0);
    line('POST /api/views at 1000/s', paced, `server CPU ${(cpuShare * 100).toFixed(1)}% of one core`);
    console.log(
      `server CPU per beacon: ${((cpuShare * 1000) / paced.rps).toFixed(3)} ms; at 3,000 beacons/s ≈ ${((cpuShare * 3000 * 100) / paced.rps).toFixed(0)}% of one core`,
    );

    const status = await load({ url: `${server.url}/api/status`, connections: 1, duration: 5 });
    line('GET /api/status, 1 connection', status, 'budget p99 ≤ 50 ms');

    await new Promise((r) => setTimeout(r, 1500)); // one flush interval
    const counted = await data.db.$client.execute('SELECT coalesce(sum(views), 0) AS n FROM post_stats_daily');
    console.log(
      `views stored after the runs: ${fmt(Number(counted.rows[0]!.n))} (flushed once a second as multi-row upserts of ≤ 200 rows)`,
    );
  } finally {
    await server.stop();
    data.cleanup();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

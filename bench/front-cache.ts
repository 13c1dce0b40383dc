/**
 * The memory of the caches of readers' answers under distinct anonymous queries, against a real server (file
 * database, no embedded builder, TRUST_PROXY=1 as behind one proxy) with N posts of the realistic corpus.
 *
 * 1,000 distinct anonymous `GET /api/posts` queries, 4 at a time: nine in ten are lists of 60 to 99 full posts
 * (about 0.6 to 1 MB each, just under the largest answer the caches keep) at distinct offsets, every other one asked
 * with `Accept-Encoding: br, gzip` (so compressed copies are made and kept too); one in ten asks for 150 to 942 posts
 * (larger than any answer kept). Unbounded, the caches would keep every answer. The server's memory is read before,
 * right after, and once the answers' lifetime has passed (twice the 60 s lifetime: the answer cache keeps an
 * expired answer one lifetime more), each time as its RSS (`/proc`) and its own report (`kill -USR2`: what the
 * front cache and the answer caches hold against their bounds, after a garbage collection).
 *
 *   pnpm bench frontcache                 (10,000 posts)
 *   node bench/front-cache.ts [posts] [queries=N] [wait=seconds]   (wait=0 skips the wait)
 */
import { readFileSync } from 'node:fs';
import { derivedBodies, seedCorpus } from './derived.ts';
import { fmt, freshData, startServer, type Server } from './lib.ts';

const N = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 10_000);
const arg = (name: string, fallback: number) =>
  Number(
    new RegExp(`^${name}=(\\d+)$`).exec(process.argv.find((a) => a.startsWith(`${name}=`)) ?? '')?.[1] ?? fallback,
  );
const QUERIES = arg('queries', 1000);
/** Twice the readers' answer lifetime (PUBLIC_ANSWER_TTL_MS) and a sweep interval. */
const WAIT_S = arg('wait', 126);
const PORT = 4471;
const CONCURRENCY = 4;

/** Query i: distinct for every i below 1,000 (40 limits × 25 offsets, and the large ones apart). */
function query(i: number): { path: string; headers: Record<string, string> } {
  const large = i % 10 === 9;
  const path = large
    ? `/api/posts?limit=${150 + Math.floor(i / 10) * 8}`
    : `/api/posts?limit=${60 + (i % 40)}&offset=${Math.floor(i / 40) * 7}`;
  return { path, headers: { 'Accept-Encoding': i % 2 ? 'br, gzip' : 'identity' } };
}

/** The server's resident set and its peak so far, from /proc, in MiB. */
function rss(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** The server's own memory report (SIGUSR2), or a note that it has none. */
async function report(server: Server): Promise<string> {
  const seen = server.output().split('[memory]').length;
  server.proc.kill('SIGUSR2');
  for (let waited = 0; waited < 5000; waited += 50) {
    const parts = server.output().split('[memory]');
    if (parts.length > seen) return parts.at(-1)!.split('\n')[0]!.trim();
    await new Promise((r) => setTimeout(r, 50));
  }
  return '(no memory report from the server)';
}

/** Every query, CONCURRENCY at a time: the bytes received and the statuses. */
async function send(url: string): Promise<{ bytes: number; statuses: Record<number, number> }> {
  let next = 0;
  let bytes = 0;
  const statuses: Record<number, number> = {};
  const worker = async () => {
    while (next < QUERIES) {
      const { path, headers } = query(next++);
      const res = await fetch(`${url}${path}`, { headers });
      bytes += (await res.arrayBuffer()).byteLength;
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { bytes, statuses };
}

async function main(): Promise<void> {
  const bodies = await derivedBodies(N);
  const data = await freshData('front-cache');
  await seedCorpus(data.db, N, bodies);
  data.db.$client.close();
  const server = await startServer({
    dir: data.dir,
    port: PORT,
    env: { EMBEDDED_BUILDER: 'off', AUTOMATION_SCHEDULE: 'off', TRUST_PROXY: '1' },
    readyTimeoutMs: 600_000,
    nodeArgs: ['--expose-gc'],
  });
  const lines: string[] = [];
  const out = (line: string) => {
    lines.push(line);
    console.log(line);
  };
  try {
    // Warm: one list of 20 as a reader asks for it.
    await (
      await fetch(`${server.url}/api/posts?limit=20`, { headers: { 'Accept-Encoding': 'br, gzip' } })
    ).arrayBuffer();
    const before = rss(server.proc.pid!);
    const beforeReport = await report(server);
    const t0 = performance.now();
    const sent = await send(server.url);
    const seconds = (performance.now() - t0) / 1000;
    const after = rss(server.proc.pid!);
    const afterReport = await report(server);
    const statuses = Object.entries(sent.statuses)
      .map(([code, n]) => `${code}: ${fmt(n)}`)
      .join(', ');
    out(
      `frontcache, ${fmt(QUERIES)} distinct anonymous list queries at ${fmt(N)} posts: ${fmt(sent.bytes / 1024 / 1024, 1)} MiB ` +
        `of answers sent in ${fmt(seconds, 1)} s (${statuses})`,
    );
    out(`frontcache, server RSS before ${fmt(before.rss)} MiB; report: ${beforeReport}`);
    out(
      `frontcache, server RSS after ${fmt(after.rss)} MiB (+${fmt(after.rss - before.rss)}), peak ${fmt(after.peak)} MiB; ` +
        `report: ${afterReport}`,
    );
    if (WAIT_S > 0) {
      console.log(`waiting ${WAIT_S} s for the answers' lifetime to pass...`);
      await new Promise((r) => setTimeout(r, WAIT_S * 1000));
      // Any request runs the front's sweep; a read of a list runs the answer cache's.
      await (await fetch(`${server.url}/api/posts?limit=20`)).arrayBuffer();
      const later = rss(server.proc.pid!);
      out(
        `frontcache, ${WAIT_S} s later (the answers' lifetime passed): server RSS ${fmt(later.rss)} MiB; ` +
          `report: ${await report(server)}`,
      );
    }
  } finally {
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

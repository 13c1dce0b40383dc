/**
 * `pnpm bench`: measures the product's performance budgets (listed in README.md, Benchmarks) on this machine and prints one line per figure.
 * Machine-dependent figures are also given as a ratio to a reference measured in the same run.
 * Pass names to run a subset: `pnpm bench api publish publish1k`.
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fmt, freshData, insertSyntheticPosts, load, ROOT, startServer } from './lib.ts';

const only = process.argv.slice(2);
const want = (name: string) => only.length === 0 || only.includes(name);
const lines: string[] = [];
const report = (line: string) => {
  lines.push(line);
  console.log(line);
};

async function apiList(): Promise<void> {
  const data = await freshData('api');
  await insertSyntheticPosts(data.db, 10_000);
  const server = await startServer({ dir: data.dir, port: 4391, env: { EMBEDDED_BUILDER: 'off' } });
  try {
    await load({ url: `${server.url}/api/health`, duration: 2 }); // warm-up
    const trivial = await load({ url: `${server.url}/api/health` });
    const list = await load({ url: `${server.url}/api/posts?published=true&limit=20` });
    const lean = await load({ url: `${server.url}/api/posts?published=true&limit=20&fields=summary` });
    report(`GET /api/health (trivial reference): ${fmt(trivial.rps)} req/s, p99 ${trivial.p99} ms`);
    report(
      `GET /api/posts?published=true&limit=20, 10,000 posts, 10 connections: ${fmt(list.rps)} req/s, p99 ${list.p99} ms, ` +
        `ratio to trivial ${(list.rps / trivial.rps).toFixed(2)} (budget ≥ 10,000 req/s, p99 ≤ 3 ms, ratio ≥ 0.5); errors ${list.errors}, non-2xx ${list.non2xx}`,
    );
    report(
      `GET /api/posts?published=true&limit=20&fields=summary (lean rows): ${fmt(lean.rps)} req/s, p99 ${lean.p99} ms, ` +
        `ratio to trivial ${(lean.rps / trivial.rps).toFixed(2)}`,
    );
  } finally {
    await server.stop();
    data.cleanup();
  }
}

async function main(): Promise<void> {
  if (want('api')) await apiList();
  // Publishing at scale: 10,000 realistic posts (the budget's size), and 1,000 to show the cost is flat; then the
  // API's reads on a file, on sqld and on an embedded replica of it; then the API under load on one server; then
  // the memory of the caches of readers' answers under distinct anonymous queries.
  for (const [name, script, posts] of [
    ['publish', 'publish-scale.ts', 10_000],
    ['publish1k', 'publish-scale.ts', 1000],
    ['databases', 'databases.ts', 10_000],
    ['apiload', 'api-load.ts', 10_000],
    ['frontcache', 'front-cache.ts', 10_000],
    ['media', 'media.ts', 0],
  ] as const) {
    if (!want(name)) continue;
    const r = spawnSync(process.execPath, [join(ROOT, 'bench', script), String(posts)], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    process.stdout.write(r.stdout);
    const summary = r.stdout.split('\nSummary')[1];
    if (r.status !== 0 || !summary) report(`${name}: benchmark failed (exit ${r.status})`);
    else for (const line of summary.split('\n').slice(1)) if (line.trim()) report(line);
  }
  for (const extra of ['views', 'automation', 'lighthouse', 'bundle']) {
    const file = join(ROOT, 'bench', `${extra}.ts`);
    if (want(extra) && existsSync(file)) {
      const r = spawnSync(process.execPath, [file], { cwd: ROOT, stdio: 'inherit' });
      if (r.status !== 0) report(`${extra}: benchmark failed (exit ${r.status})`);
    }
  }
  console.log('\nSummary:\n' + lines.join('\n'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

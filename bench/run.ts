/**
 * `pnpm bench`: measures the budgets of DESIGN.md §8 on this machine and prints one line per figure.
 * Machine-dependent figures are also given as a ratio to a reference measured in the same run.
 * Pass names to run a subset: `pnpm bench api publish build`.
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fmt, freshData, insertSyntheticPosts, load, login, ROOT, startServer } from './lib.ts';

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

async function publishToLive(): Promise<void> {
  const data = await freshData('publish');
  const server = await startServer({ dir: data.dir, port: 4392, readyTimeoutMs: 300_000 });
  try {
    const cookie = await login(server.url);
    const headers = { 'Content-Type': 'application/json', Origin: server.url, Cookie: cookie };
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await fetch(`${server.url}/api/posts`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          title: `Publish-to-live probe ${i}`,
          excerpt: 'Measures the time from the publish call returning to the article answering.',
          content: '## Probe\n\nA benchmark article.',
          category: 'Deep Dive',
          tags: ['benchmark'],
          authorName: 'Dr. Tuomas Ahlroos',
          readTime: 1,
        }),
      });
      const post = (await created.json()) as { id: number; slug: string };
      await fetch(`${server.url}/api/posts/${post.id}`, { method: 'PUT', headers, body: JSON.stringify({ published: true }) });
      const t0 = performance.now();
      while ((await fetch(`${server.url}/post/${post.slug}`)).status !== 200) await new Promise((r) => setTimeout(r, 50));
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    report(`publish-to-live, seeded site: median ${fmt(times[1]!)} ms, max ${fmt(times[2]!)} ms (budget ≤ 5,000 ms)`);
  } finally {
    await server.stop();
    data.cleanup();
  }
}

/** Full site build over N posts: time per article page and peak memory (via /usr/bin/time). */
async function siteBuild(count: number): Promise<void> {
  const data = await freshData(`build${count}`);
  await insertSyntheticPosts(data.db, count);
  const server = await startServer({ dir: data.dir, port: 4393, env: { EMBEDDED_BUILDER: 'off' } });
  try {
    const outDir = join(data.dir, 'out');
    const env = { ...process.env, SITE_API_URL: server.url, SITE_URL: server.url, ASTRO_TELEMETRY_DISABLED: '1' };
    const astro = spawnSync('/usr/bin/time', ['-f', '%e %M', process.execPath, 'node_modules/astro/bin/astro.mjs', 'build', '--outDir', outDir], {
      cwd: ROOT,
      env,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const [secs, kb] = astro.stderr.trim().split('\n').at(-1)!.split(' ').map(Number) as [number, number];
    if (astro.status !== 0) throw new Error(`astro build failed:\n${astro.stderr.slice(-2000)}`);
    const articles = Math.round(count * 0.9);
    const pf = spawnSync('/usr/bin/time', ['-f', '%e %M', process.execPath, 'node_modules/pagefind/lib/runner/bin.cjs', '--site', outDir, '--silent'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    const [pfSecs, pfKb] = pf.stderr.trim().split('\n').at(-1)!.split(' ').map(Number) as [number, number];
    report(
      `site build, ${fmt(count)} posts (${fmt(articles)} published): astro ${fmt(secs, 1)} s = ${fmt((secs * 1000) / articles, 2)} ms per article page ` +
        `(budget ≤ 6 ms), peak ${fmt(kb / 1024)} MiB; pagefind ${fmt(pfSecs, 1)} s, peak ${fmt(pfKb / 1024)} MiB`,
    );
  } finally {
    await server.stop();
    data.cleanup();
  }
}

async function main(): Promise<void> {
  if (want('api')) await apiList();
  if (want('publish')) await publishToLive();
  if (want('build')) await siteBuild(1000);
  if (want('build10k')) await siteBuild(10_000);
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

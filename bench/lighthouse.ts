/**
 * Lighthouse (mobile preset, Debian Chromium) on home, an article and a category page of the seeded site, and
 * the JavaScript weight budgets: an article page's scripts (gzip) and the admin's initial scripts (gzip).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fmt, freshData, ROOT, startServer } from './lib.ts';

const CHROME_FLAGS =
  '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';

async function main(): Promise<void> {
  const data = await freshData('lighthouse');
  const server = await startServer({ dir: data.dir, port: 4394, readyTimeoutMs: 300_000 });
  try {
    const posts = (await (await fetch(`${server.url}/api/posts?published=true&limit=1`)).json()) as { slug: string }[];
    const pages = { home: '/', article: `/post/${posts[0]!.slug}`, category: '/analysis' };

    for (const [name, path] of Object.entries(pages)) {
      const out = join(data.dir, `lh-${name}.json`);
      const r = spawnSync(
        process.execPath,
        [
          'node_modules/lighthouse/cli/index.js',
          `${server.url}${path}`,
          `--chrome-flags=${CHROME_FLAGS}`,
          '--output=json',
          `--output-path=${out}`,
          '--only-categories=performance,accessibility,best-practices,seo',
          '--quiet',
        ],
        { cwd: ROOT, env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, encoding: 'utf8' },
      );
      if (r.status !== 0) {
        console.log(`lighthouse ${name}: failed (${r.stderr.slice(-300)})`);
        continue;
      }
      const report = JSON.parse(readFileSync(out, 'utf8')) as { categories: Record<string, { score: number }> };
      const s = (k: string) => Math.round((report.categories[k]?.score ?? 0) * 100);
      console.log(
        `lighthouse mobile ${name} (${path}): performance ${s('performance')}, accessibility ${s('accessibility')}, ` +
          `best practices ${s('best-practices')}, SEO ${s('seo')} (budget ≥ 98, 100, 100, 100)`,
      );
    }

    // Scripts an article page can load: every module it references, followed transitively (gzip sizes).
    const live = join(data.dir, 'site', 'current');
    const html = await (await fetch(`${server.url}${pages.article}`)).text();
    const seen = new Set<string>();
    const queue = [...html.matchAll(/(?:src|component-url|renderer-url|href)="(\/_astro\/[^"]+\.js)"/g)].map((m) => m[1]!);
    let gz = 0;
    while (queue.length) {
      const url = queue.shift()!;
      if (seen.has(url)) continue;
      seen.add(url);
      const code = readFileSync(join(live, url));
      gz += gzipSync(code).length;
      for (const m of code.toString().matchAll(/["'`](?:\.\/|\/_astro\/)([\w.-]+\.js)["'`]/g)) queue.push(`/_astro/${m[1]}`);
    }
    const inline = [...html.matchAll(/<script(?![^>]*src)[^>]*>([\s\S]*?)<\/script>/g)].reduce((n, m) => n + gzipSync(m[1]!).length, 0);
    console.log(
      `article page JavaScript: ${fmt((gz + inline) / 1024, 1)} KB gzip in ${seen.size} modules + inline (budget ≤ 75 KB, loaded after idle/interaction)`,
    );

    const adminDist = join(ROOT, 'admin', 'dist');
    const index = readFileSync(join(adminDist, 'index.html'), 'utf8');
    const initial = [...index.matchAll(/(?:src|href)="\/admin\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    const adminGz = initial.reduce((n, f) => n + gzipSync(readFileSync(join(adminDist, f))).length, 0);
    const all = readdirSync(join(adminDist, 'assets')).filter((f) => f.endsWith('.js'));
    console.log(`admin initial JavaScript: ${fmt(adminGz / 1024, 1)} KB gzip in ${initial.length} files (budget ≤ 200 KB); ${all.length} chunks in all`);
  } finally {
    await server.stop();
    data.cleanup();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

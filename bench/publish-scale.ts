/**
 * Publishing at scale: seeds N published posts of the realistic corpus (bench/corpus.ts), starts the
 * real server, lets it render the site from scratch (timed), then through the API does 5 publishes, 2 edits (one
 * changing slug and category), 1 unpublish and 1 delete, and reports for each the time from the API answer to the
 * change showing at /post/{slug}, on home, on the category page and in search (and, for a removal, gone from the
 * Related Research of the category's oldest article, the last block redrawn); plus the peak memory (RSS of the
 * server and every process below it, sampled every 50 ms through the whole run, background work included).
 *
 *   node bench/publish-scale.ts [posts=10000] [--keep] [--feature-images]
 *
 * With --feature-images every post (seeded and published here) has a feature image: 24 photo-like 2400 × 1600 images
 * are put in the media library first (processed as an upload is), and the posts take them in turn.
 *
 * Post bodies are derived (markdown → HTML + search text) in worker threads and cached in bench/results/, keyed
 * by the corpus size and the renderer's source, so a second run starts in seconds.
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { CATEGORY_ROUTES } from 'content-schema/categories';
import { generatePost } from './corpus.ts';
import { derivedBodies, seedCorpus } from './derived.ts';
import { searchFolder } from '../site/render/search/test-support.ts';
import { fmt, freshData, login, photo, ROOT, startServer } from './lib.ts';
import { systemClock } from '../api/src/lib/clock.ts';
import { createMediaService } from '../api/src/services/media/index.ts';
import { folderMediaStore } from '../api/src/services/media/store.ts';

const N = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 10_000);
const KEEP = process.argv.includes('--keep');
const FEATURE_IMAGES = process.argv.includes('--feature-images');

/** Fills the media library of a data folder with `count` photo-like images, processed as uploads are; their numbers. */
async function libraryOf(dir: string, db: Parameters<typeof seedCorpus>[0], count: number): Promise<number[]> {
  const media = createMediaService({ db, clock: systemClock, store: folderMediaStore(join(dir, 'media')) });
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const image = await media.upload(await photo(2400, 1600, i), `photo-${i}.jpg`);
    await media.update(image.id, { alt: `Photograph ${i + 1}` });
    ids.push(image.id);
  }
  return ids;
}

/** Pids of a process and everything below it, from /proc (no subprocess: sampling must not disturb timing). */
function tree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    for (const task of safeList(`/proc/${out[i]}/task`)) {
      const children = safeRead(`/proc/${out[i]}/task/${task}/children`).trim();
      if (children) out.push(...children.split(/\s+/).map(Number));
    }
  }
  return out;
}
const safeList = (dir: string) => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};
const safeRead = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};

/**
 * Peak RSS of a process and all its descendants, sampled every 50 ms until stopped; with the peak's parts (each
 * process's RSS and name) and when it happened, to tell which work set it.
 */
function memorySampler(pid: number) {
  const start = performance.now();
  let peak = 0;
  let parts = '';
  let at = 0;
  const sample = () => {
    const each = tree(pid).map((p) => {
      const status = safeRead(`/proc/${p}/status`);
      return {
        kb: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0),
        name: /Name:\s+(\S+)/.exec(status)?.[1] ?? '?',
        threads: Number(/Threads:\s+(\d+)/.exec(status)?.[1] ?? 1),
      };
    });
    const kb = each.reduce((sum, e) => sum + e.kb, 0);
    if (kb > peak) {
      peak = kb;
      at = performance.now() - start;
      parts = each.map((e) => `${e.name} (${e.threads} threads) ${fmt(e.kb / 1024)}`).join(' + ');
    }
  };
  const timer = setInterval(sample, 50);
  sample();
  return {
    peakMiB: () => peak / 1024,
    /** The processes at the peak (MiB each) and the seconds since the server was ready. */
    peakParts: () => `${parts} MiB, at ${fmt(at / 1000, 1)} s`,
    stop: () => clearInterval(timer),
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** Polls until `check` holds; returns ms since `t0`. */
async function until(t0: number, check: () => Promise<boolean>, timeoutMs = 120_000, everyMs = 5): Promise<number> {
  for (;;) {
    if (await check()) return performance.now() - t0;
    if (performance.now() - t0 > timeoutMs) return Number.POSITIVE_INFINITY;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * The live folder, built by the changes above, against the same data rendered from scratch by the renderer's
 * CLI (a separate process, as a remote build would), file by file. Search bundles the manifest no longer names
 * are left out: they are kept ten minutes for readers in the middle of a search.
 */
async function equivalence(apiUrl: string, liveDir: string, scratchRoot: string): Promise<string> {
  const t0 = performance.now();
  const cli = spawnSync(
    '/usr/bin/time',
    ['-f', '%M', process.execPath, join(ROOT, 'site/render/cli.ts'), 'full', '--root', scratchRoot],
    {
      cwd: ROOT,
      env: { ...process.env, SITE_API_URL: apiUrl, SITE_URL: apiUrl, NODE_ENV: 'production' },
      encoding: 'utf8',
    },
  );
  if (cli.status !== 0) return `equivalence: the CLI full render failed: ${cli.stderr.slice(-500)}`;
  const cliMiB = Number(cli.stderr.trim().split('\n').at(-1)) / 1024;
  const files = (dir: string) => {
    const manifest = JSON.parse(readFileSync(join(dir, 'pagefind/manifest.json'), 'utf8')) as {
      bundles: { path: string }[];
    };
    const named = manifest.bundles.map((b) => `pagefind/${b.path}`);
    return new Map(
      readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
        .filter((f) => !f.startsWith('pagefind/b/') || named.some((n) => f.startsWith(n)))
        .map((f) => [
          f,
          createHash('sha256')
            .update(readFileSync(join(dir, f)))
            .digest('hex'),
        ]),
    );
  };
  const a = files(realpathSync(liveDir));
  const b = files(realpathSync(join(scratchRoot, 'current')));
  const differing = [...new Set([...a.keys(), ...b.keys()])].filter((f) => a.get(f) !== b.get(f));
  return (
    `equivalence, incremental against from scratch (renderer CLI, full render + search index: ${fmt((performance.now() - t0) / 1000, 1)} s, ` +
    `peak ${fmt(cliMiB)} MiB): ${fmt(a.size)} files compared, ${differing.length} differ${differing.length ? ` (${differing.slice(0, 5).join(', ')})` : ''}`
  );
}

async function main(): Promise<void> {
  const bodies = await derivedBodies(N);
  const data = await freshData(`publish${N}`);
  const seedStart = performance.now();
  const featureImages = FEATURE_IMAGES ? await libraryOf(data.dir, data.db, 24) : [];
  await seedCorpus(data.db, N, bodies, featureImages);
  console.log(
    `seeded ${fmt(N)} published posts${FEATURE_IMAGES ? ' each with a feature image (24 in the library)' : ''} in ${fmt((performance.now() - seedStart) / 1000, 1)} s`,
  );

  const t0 = performance.now();
  const server = await startServer({
    dir: data.dir,
    port: 4394,
    env: { AUTOMATION_SCHEDULE: 'off' },
    readyTimeoutMs: 600_000,
  });
  const memory = memorySampler(server.proc.pid!);
  const ready = performance.now() - t0;
  const lines: string[] = [];
  const report = (line: string) => {
    lines.push(line);
    console.log(line);
  };
  try {
    const cookie = await login(server.url);
    const headers = { 'Content-Type': 'application/json', Origin: server.url, Cookie: cookie };
    const api = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
      return res.json() as Promise<{ id: number; slug: string; title: string; category: string; updatedAt: string }>;
    };
    const status = await (await fetch(`${server.url}/api/build/status`, { headers })).json();
    const full = status.recent.find((b: { kind: string }) => b.kind === 'full');
    report(
      `full render from scratch, ${fmt(N)} posts: ${fmt(full.durationMs / 1000, 1)} s (server ready in ${fmt(ready / 1000, 1)} s; budget ≤ 30 s)`,
    );

    // The first start indexes every post for search in the background: timed apart, and waited for.
    const indexed = await until(
      performance.now(),
      async () => {
        const s = await (await fetch(`${server.url}/api/build/status`, { headers })).json();
        return s.background?.search === 0;
      },
      900_000,
    );
    report(
      `full search index from scratch, ${fmt(N)} posts (background, after the render): ${fmt(indexed / 1000, 1)} s more; peak memory so far ${fmt(memory.peakMiB())} MiB`,
    );

    const page = async (path: string) => {
      const res = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      return { status: res.status, text: res.status === 200 ? await res.text() : '' };
    };
    const categoryPath = (category: string) => {
      const route = CATEGORY_ROUTES.find((r) => r.category === category);
      return route ? `/${route.path}` : null;
    };
    type Row = { what: string; article: number; home: number; category: number; search: number };
    const live = () => join(data.dir, 'site/current');
    /** Whether a search for the post's own word finds it, as a reader's browser would (pagefind in Node). */
    const findable = async (word: string, slug: string) => {
      try {
        const hits = await searchFolder(join(live(), 'pagefind'), `${server.url}/pagefind`, word);
        return hits.some((h) => h.slug === slug);
      } catch {
        return false;
      }
    };
    const rows: Row[] = [];
    /** The slug of the oldest seeded post of `category`. */
    const seededIn = (category: string) => {
      for (let i = 0; i < N; i++) if (generatePost(i).category === category) return generatePost(i).slug;
      return null;
    };

    /** Times from the API answer until every place shows (or no longer shows) the post. */
    async function measure(
      what: string,
      t: number,
      post: { slug: string; title: string; category: string; updatedAt?: string; word: string },
      present: boolean,
    ) {
      const marker = post.updatedAt ? `content="${post.updatedAt}"` : post.title;
      const cat = categoryPath(post.category);
      const [article, home, category] = await Promise.all([
        until(t, async () => {
          const p = await page(`/post/${post.slug}`);
          return present ? p.status === 200 && p.text.includes(marker) : p.status !== 200;
        }),
        until(t, async () => (await page('/')).text.includes(`/post/${post.slug}"`) === present),
        cat
          ? until(t, async () => (await page(cat)).text.includes(`/post/${post.slug}"`) === present)
          : Promise.resolve(Number.NaN),
      ]);
      // Checked after the pages, and less often: each check loads every search bundle, like a reader's first search.
      const search = await until(t, async () => (await findable(post.word, post.slug)) === present, 120_000, 50);
      rows.push({ what, article, home, category, search });
      // A removal: until the oldest article of the category no longer names the post in its Related Research (the
      // last of the category's blocks redrawn after the publish).
      const oldest = present ? null : seededIn(post.category);
      const related = oldest
        ? await until(t, async () => !(await page(`/post/${oldest}`)).text.includes(`/post/${post.slug}"`))
        : null;
      report(
        `  ${what}: article ${fmt(article)} ms, home ${fmt(home)} ms, category ${Number.isNaN(category) ? 'n/a' : `${fmt(category)} ms`}, search ${fmt(search)} ms` +
          (related === null ? '' : `, related blocks of the category ${fmt(related)} ms`),
      );
    }

    const publishedNow: {
      id: number;
      slug: string;
      title: string;
      category: string;
      updatedAt: string;
      word: string;
    }[] = [];
    for (let i = 0; i < 5; i++) {
      const p = generatePost(N + i);
      // A word only this post has, so "findable" means this post's own entry is in the index.
      const word = `zqbench${'abcdefghij'[i]}${Date.now()
        .toString(36)
        .replace(/\d/g, (d) => 'klmnopqrst'[Number(d)]!)}`;
      const input = {
        title: p.title,
        excerpt: p.excerpt,
        content: `${p.content}\n\nReference ${word}.`,
        category: CATEGORY_ROUTES[i % CATEGORY_ROUTES.length]!.category,
        tags: p.tags,
        authorName: p.authorName,
        readTime: p.readTime,
        published: true,
        ...(featureImages.length > 0 && { featureImage: { id: featureImages[i % featureImages.length]!, focusX: 30 } }),
      };
      const t = performance.now();
      const created = { ...(await api('POST', '/api/posts', input)), word };
      await measure(`publish ${i + 1}`, t, created, true);
      publishedNow.push(created);
    }
    {
      const target = publishedNow[0]!;
      const t = performance.now();
      const word = `${target.word}edited`;
      const edited = await api('PUT', `/api/posts/${target.id}`, {
        content: `${generatePost(N + 10).content}\n\nUpdated ${word}.`,
      });
      await measure('edit (body)', t, { ...edited, word }, true);
    }
    {
      const target = publishedNow[1]!;
      const newCategory = CATEGORY_ROUTES.find((r) => r.category !== target.category)!.category;
      const t = performance.now();
      const edited = await api('PUT', `/api/posts/${target.id}`, {
        slug: `${target.slug}-renamed`,
        category: newCategory,
      });
      // The article's modified time stays (a new URL or category is not an update readers are told of: see
      // modifiedAtSql in api/src/services/posts.ts), so the page at the new slug is the mark, with its title.
      await measure('edit (slug and category)', t, { ...edited, updatedAt: undefined, word: target.word }, true);
    }
    {
      const target = publishedNow[2]!;
      const t = performance.now();
      await api('PUT', `/api/posts/${target.id}`, { published: false });
      await measure('unpublish', t, target, false);
    }
    {
      const target = publishedNow[3]!;
      const t = performance.now();
      const res = await fetch(`${server.url}/api/posts/${target.id}`, { method: 'DELETE', headers });
      if (!res.ok) throw new Error(`DELETE answered ${res.status}`);
      await measure('delete', t, target, false);
    }

    const worst = rows.map((r) => Math.max(r.article, r.home, Number.isNaN(r.category) ? 0 : r.category));
    const searchTimes = rows.map((r) => r.search);
    report(
      `publish-to-live, ${fmt(N)} posts (article, home and category all show it): median ${fmt(median(worst))} ms, worst ${fmt(Math.max(...worst))} ms ` +
        `(budget median ≤ 500 ms, worst ≤ 1,000 ms); article alone median ${fmt(median(rows.map((r) => r.article)))} ms; ` +
        `ratio of median to the full render ${(median(worst) / full.durationMs).toFixed(4)}`,
    );
    report(
      `searchable (publish, edit) or gone from search (unpublish, delete): median ${fmt(median(searchTimes))} ms, worst ${fmt(Math.max(...searchTimes))} ms (budget ≤ 1,000 ms)`,
    );
    // Let background refreshes (related blocks, search compaction) finish, then read the peak that includes them.
    const settled = await until(
      performance.now(),
      async () => {
        const s = await (await fetch(`${server.url}/api/build/status`, { headers })).json();
        return !s.pending && !s.current && s.background?.articles === 0 && s.background?.search === 0;
      },
      900_000,
    );
    report(
      `background work after the last change (related blocks of the category, search compaction): ${fmt(settled / 1000, 1)} s`,
    );
    report(await equivalence(server.url, join(data.dir, 'site/current'), join(data.dir, 'scratch')));
    report(
      `peak memory, server and children, whole run: ${fmt(memory.peakMiB())} MiB (budget ≤ 1,536 MiB): ${memory.peakParts()}`,
    );
  } finally {
    memory.stop();
    await server.stop();
    if (!KEEP) data.cleanup();
    else console.log(`kept ${data.dir}`);
  }
  console.log(`\nSummary (${fmt(N)} posts):\n${lines.join('\n')}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

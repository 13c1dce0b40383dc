import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { migrateDb, openDb } from '../api/src/db/client.ts';
import { posts } from '../api/src/db/schema.ts';

export const ROOT = resolve(import.meta.dirname, '..');
export const ADMIN_PASSWORD = 'bench-password-123';

export interface Server {
  url: string;
  dir: string;
  proc: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/** A fresh data folder with a migrated database. */
export async function freshData(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), `northwire-bench-${prefix}-`));
  const db = await openDb(`file:${join(dir, 'app.db')}`);
  await migrateDb(db);
  return { dir, db, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Synthetic posts for load figures only (never shown to readers): realistic sizes, spread over categories
 * and time, 90% published.
 */
export async function insertSyntheticPosts(db: Awaited<ReturnType<typeof openDb>>, count: number): Promise<void> {
  const categories = ['Analysis Drop', 'Startup Radar', 'Deep Dive', 'Deal Watch', 'Energy Future', 'Future Cities'];
  const paragraph =
    'European infrastructure decisions are made years before the demand they serve arrives, which is why grid access, permitting and capital costs shape the map. ';
  const start = Date.UTC(2020, 0, 1);
  for (let i = 0; i < count; i += 500) {
    const rows = [];
    for (let j = i; j < Math.min(count, i + 500); j++) {
      const at = new Date(start + j * 3_600_000);
      rows.push({
        slug: `synthetic-post-${j}`,
        title: `Synthetic benchmark post ${j}: ${categories[j % 6]} outlook`,
        excerpt: `Benchmark post ${j}, generated to measure list and build performance at scale.`,
        content: `## Section\n\n${paragraph.repeat(12)}\n\n## Another section\n\n${paragraph.repeat(10)}`,
        category: categories[j % 6]!,
        tags: ['benchmark', categories[j % 6]!.toLowerCase()],
        authorName: 'Dr. Astrid Lindqvist',
        readTime: 4,
        published: j % 10 !== 0,
        createdAt: at,
        updatedAt: at,
        publishedAt: j % 10 !== 0 ? at : null,
      });
    }
    await db.insert(posts).values(rows);
  }
}

/** Starts the real server (`node api/src/server.ts`) on a data folder and waits for its banner. */
export async function startServer(opts: {
  dir: string;
  port: number;
  env?: Record<string, string>;
  readyTimeoutMs?: number;
  /** Node options before the script, e.g. `--cpu-prof`. */
  nodeArgs?: string[];
}): Promise<Server> {
  const url = `http://127.0.0.1:${opts.port}`;
  const proc = spawn(process.execPath, [...(opts.nodeArgs ?? []), 'api/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // As scripts/start.sh and the README's deployment: two malloc arenas (an upload's memory).
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dir,
      DATABASE_URL: `file:${join(opts.dir, 'app.db')}`,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD,
      SITE_URL: url,
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const deadline = Date.now() + (opts.readyTimeoutMs ?? 120_000);
  while (!out.includes('is running at')) {
    if (proc.exitCode !== null) throw new Error(`server exited:\n${out}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    dir: opts.dir,
    proc,
    output: () => out,
    stop: () =>
      new Promise<void>((r) => {
        if (proc.exitCode !== null) return r();
        proc.once('exit', () => r());
        proc.kill('SIGTERM');
      }),
  };
}

export interface LoadResult {
  rps: number;
  p99: number;
  p50: number;
  errors: number;
  non2xx: number;
}

/** A bounded autocannon run (duration-limited, loopback only). */
export async function load(opts: autocannon.Options): Promise<LoadResult> {
  const r = await autocannon({ connections: 10, duration: 8, ...opts });
  return {
    rps: Math.round(r.requests.average),
    p99: r.latency.p99,
    p50: r.latency.p50,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

/** Logs in over HTTP and returns the session cookie header. */
export async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return /session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')![0];
}

export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });

/** A photo-like image: a gradient with grain (noise alone would make every encoder's work unrealistically hard). */
export async function photo(width: number, height: number, seed: number): Promise<Buffer> {
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2a5d8f"/><stop offset="0.5" stop-color="#e0b36a"/><stop offset="1" stop-color="#3b6b3a"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${(seed * 997) % width}" cy="${height / 2}" r="${height / 4}" fill="#c44"/></svg>`,
  );
  const grain = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 12 } },
  })
    .png()
    .toBuffer();
  return sharp(gradient)
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

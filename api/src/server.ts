/**
 * The node entry: parses the environment, opens and prepares the database, builds the services once, mounts the app,
 * listens, starts every recurring job as one list, and stops them in order on SIGINT/SIGTERM.
 */
import { createServer, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import type { AppContext } from './app-env.ts';
import { createApp } from './app.ts';
import { migrateDb, openDb } from './db/client.ts';
import { seedIfEmpty } from './db/seed.ts';
import { seedMediaIfEmpty } from './db/seed-media.ts';
import { loadEnv, type Env } from './env.ts';
import { ANSWER_CACHE_MAX_BYTES } from './lib/answer-cache.ts';
import { systemClock } from './lib/clock.ts';
import { FRONT_CACHE_MAX_BYTES, type FrontCache } from './lib/front-cache.ts';
import { startJobs, type StopJobs } from './lib/jobs.ts';
import { trustProxyWarning } from './lib/proxy-trust.ts';
import { ensureAdmin } from './services/auth.ts';
import { buildTarget } from './services/builder/target.ts';
import { createServices } from './services.ts';
import { workerRenderer, type PreviewRendererClient, type SiteRendererClient } from './services/site-renderer.ts';

/** The database, migrated and, on a first start, seeded; the administrator ensured. */
async function openDatabase(env: Env) {
  const replica = env.DATABASE_REPLICA_PATH
    ? { path: env.DATABASE_REPLICA_PATH, syncIntervalS: env.DATABASE_SYNC_INTERVAL }
    : undefined;
  const db = await openDb(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN, replica);
  await migrateDb(db);
  const seeded = await seedIfEmpty(db);
  if (seeded.posts) console.log(`Seeded ${seeded.posts} articles and ${seeded.templates} templates.`);
  const admin = await ensureAdmin(db, env.ADMIN_USERNAME, env.ADMIN_PASSWORD);
  return { db, admin, seeded: seeded.posts > 0 };
}

/**
 * The site renderers: the warm renderer of an embedded build target (it also renders previews), or, on an instance
 * that does not build, a preview-only one (started at the first preview, never touching the site folder; it needs the
 * compiled site in SITE_DIST).
 */
type WorkerRenderer = SiteRendererClient & PreviewRendererClient;

function renderers(env: Env): { renderer?: WorkerRenderer; preview: WorkerRenderer } {
  const options = {
    distDir: resolve(env.SITE_DIST),
    siteRoot: join(env.DATA_DIR, 'site'),
    siteUrl: env.SITE_URL,
    apiUrl: env.SITE_API_URL,
  };
  if (buildTarget(env) === 'embedded') {
    const renderer = workerRenderer(options);
    return { renderer, preview: renderer };
  }
  return { preview: workerRenderer({ ...options, previewOnly: true }) };
}

/** The first start renders the whole site before the URL is printed, so the first page a reader opens is there. */
async function firstRender(ctx: AppContext): Promise<void> {
  console.log('Rendering the site for the first time...');
  await ctx.builder.idle();
  const status = await ctx.builder.status();
  if (status.last?.state === 'failed') console.error(`Site build failed: ${status.last.error}`);
}

function printWelcome(env: Env, generatedPassword: string | null | undefined): void {
  const url = env.SITE_URL;
  const password = generatedPassword ?? (env.ADMIN_PASSWORD ? '(from ADMIN_PASSWORD)' : '(set at first start)');
  console.log('');
  console.log(`  Northwire is running at ${url}/`);
  console.log(`  Admin:  ${url}/admin   user: ${env.ADMIN_USERNAME}   password: ${password}`);
  if (generatedPassword) console.log('  This generated password is shown once; only its hash is stored.');
  console.log(`  API:    ${url}/api`);
  console.log('');
}

/**
 * Stops taking requests (requests in progress finish, for at most a second), then stops every job: each waits for
 * its run in progress, and the views job writes what was counted, so a beacon answered 204 before the stop is
 * written. A crash instead loses at most the last second of them.
 */
function onShutdown(server: Server, stopJobs: StopJobs, preview: WorkerRenderer): void {
  const shutdown = () => {
    const closed = new Promise<void>((r) => server.close(() => r()));
    server.closeIdleConnections();
    void Promise.race([closed, new Promise((r) => setTimeout(r, 1000))])
      .then(() => Promise.all([stopJobs(), preview.close()]))
      .finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/**
 * `kill -USR2 <pid>`: one log line of what the process holds and what the caches of readers' answers hold against
 * their bounds, for an operator and for `pnpm bench frontcache` (never a route). A server started with
 * `--expose-gc` collects garbage first, so the figures are what is still referenced.
 */
function onMemoryReport(ctx: AppContext, front: FrontCache): void {
  process.on('SIGUSR2', () => {
    (globalThis as { gc?: () => void }).gc?.();
    const m = process.memoryUsage();
    const { lists, articles } = ctx.posts.cached();
    console.log(
      `[memory] rss ${mib(m.rss)} MiB, heap ${mib(m.heapUsed)} MiB, buffers ${mib(m.arrayBuffers)} MiB; ` +
        `front cache ${mib(front.held.bytes)} MiB in ${front.held.answers} answers (bound ${mib(FRONT_CACHE_MAX_BYTES)}); ` +
        `answer caches: lists ${mib(lists.bytes)} MiB in ${lists.answers}, articles ${mib(articles.bytes)} MiB in ` +
        `${articles.answers} (bound ${mib(ANSWER_CACHE_MAX_BYTES)} each)`,
    );
  });
}

async function main(): Promise<void> {
  const env = loadEnv();
  const proxyWarning = trustProxyWarning(env.TRUST_PROXY);
  if (proxyWarning) console.warn(proxyWarning);
  const { db, admin, seeded } = await openDatabase(env);
  const { renderer, preview } = renderers(env);
  const ctx = createServices({
    db,
    env,
    clock: systemClock,
    renderer,
    preview,
    // The API's own health: one request through the whole middleware stack.
    probeApi: async () => {
      const res = await mounted.app.request(`${env.SITE_URL}/api/health`);
      if (!res.ok) throw new Error(`health answered ${res.status}`);
    },
  });
  const mounted = createApp(ctx);
  // The seeded articles' images, before their bodies are rendered (they show them).
  if (seeded) console.log(`Seeded ${await seedMediaIfEmpty(ctx.media)} images.`);
  const derived = await ctx.posts.backfillDerived();
  if (derived) console.log(`Stored rendered bodies of ${derived} posts.`);

  // Readers' repeated answers are sent by the front cache before the application sees the request.
  const server = createServer(mounted.front.listener(getRequestListener(mounted.app.fetch, { hostname: env.HOST })));
  await new Promise<void>((r) => server.listen(env.PORT, env.HOST, () => r()));
  const firstStart = buildTarget(env) === 'embedded' && !ctx.builder.liveDir();
  const stopJobs = startJobs(await ctx.prepareJobs());
  if (firstStart) await firstRender(ctx);
  printWelcome(env, admin.generatedPassword);
  onShutdown(server, stopJobs, preview);
  onMemoryReport(ctx, mounted.front);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { join, resolve } from 'node:path';
import { createApp } from './app.ts';
import { migrateDb, openDb } from './db/client.ts';
import { seedIfEmpty } from './db/seed.ts';
import { loadEnv } from './env.ts';
import { systemClock } from './lib/clock.ts';
import { Events } from './lib/events.ts';
import { ensureAdmin } from './services/auth.ts';
import { buildHookCaller, createBuilder, httpProbe } from './services/builder.ts';
import { createChangeFeed } from './services/changes.ts';
import { workerRenderer } from './services/site-renderer.ts';

/** Wires the real dependencies: environment, database, builder, scheduler, HTTP server. */
async function main(): Promise<void> {
  const env = loadEnv();
  const replica = env.DATABASE_REPLICA_PATH ? { path: env.DATABASE_REPLICA_PATH, syncIntervalS: env.DATABASE_SYNC_INTERVAL } : undefined;
  const db = await openDb(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN, replica);
  await migrateDb(db);
  const seeded = await seedIfEmpty(db);
  if (seeded.posts) console.log(`Seeded ${seeded.posts} articles and ${seeded.templates} templates.`);
  const admin = await ensureAdmin(db, env.ADMIN_USERNAME, env.ADMIN_PASSWORD);

  const events = new Events();
  const target = env.BUILD_HOOK_URL ? 'hook' : env.EMBEDDED_BUILDER === 'on' ? 'embedded' : 'off';
  const siteRoot = join(env.DATA_DIR, 'site');
  // This server, as the renderer and the builder's checks reach it (SITE_URL may be a CDN in front).
  const local = `http://${env.HOST === '0.0.0.0' ? '127.0.0.1' : env.HOST}:${env.PORT}`;
  const renderer =
    target === 'embedded'
      ? workerRenderer({ distDir: resolve(env.SITE_DIST), siteRoot, siteUrl: env.SITE_URL, apiUrl: env.SITE_API_URL })
      : undefined;
  const builder = createBuilder({
    db,
    clock: systemClock,
    events,
    target,
    siteRoot,
    renderer,
    callHook: env.BUILD_HOOK_URL ? buildHookCaller(env.BUILD_HOOK_URL) : undefined,
    probe: httpProbe(target === 'hook' ? env.SITE_URL : local),
  });
  const changes = createChangeFeed({ db, clock: systemClock });
  // Previews render through the builder's renderer; an instance that does not build has a preview-only one
  // (started at the first preview, never touching the site folder; it needs the compiled site in SITE_DIST).
  const preview =
    renderer ??
    workerRenderer({ distDir: resolve(env.SITE_DIST), siteRoot, siteUrl: env.SITE_URL, apiUrl: env.SITE_API_URL, previewOnly: true });
  const { app, ctx, front } = createApp({ db, env, clock: systemClock, events, builder, changes, preview });
  const derived = await ctx.posts.backfillDerived();
  if (derived) console.log(`Stored rendered bodies of ${derived} posts.`);

  // Readers' repeated answers are sent by the front cache before the application sees the request.
  const server = createServer(front.listener(getRequestListener(app.fetch, { hostname: env.HOST })));
  await new Promise<void>((r) => server.listen(env.PORT, env.HOST, () => r()));
  const stopScheduler = ctx.scheduler.start();
  const stopChanges = changes.start();
  const topicsSeeded = await ctx.automation.topics.seedIfEmpty();
  if (topicsSeeded) console.log(`Seeded ${topicsSeeded} automation topics.`);
  const stopAutomation = env.AUTOMATION_SCHEDULE === 'on' ? ctx.automation.start() : () => {};
  // Workflow schedule ticks, the once-a-second view flush and health sampling.
  const stopOperations = await ctx.operations.start();

  const url = env.SITE_URL;
  const firstBuild = target === 'embedded' && !builder.liveDir();
  const stopBuilder = builder.start();
  if (firstBuild) {
    console.log('Rendering the site for the first time...');
    await builder.idle();
    const status = await builder.status();
    if (status.last?.state === 'failed') console.error(`Site build failed: ${status.last.error}`);
  }

  console.log('');
  console.log(`  Northwire is running at ${url}/`);
  console.log(`  Admin:  ${url}/admin   user: ${env.ADMIN_USERNAME}   password: ${
    admin.generatedPassword ?? (env.ADMIN_PASSWORD ? '(from ADMIN_PASSWORD)' : '(set at first start)')
  }`);
  if (admin.generatedPassword) console.log('  This generated password is shown once; only its hash is stored.');
  console.log(`  API:    ${url}/api`);
  console.log('');

  const shutdown = () => {
    stopScheduler();
    stopAutomation();
    stopChanges();
    stopBuilder();
    // Stop taking requests (requests in progress finish, for at most a second), then flush the counted views:
    // a beacon answered 204 before the stop is written. A crash instead loses at most the last second of them.
    const closed = new Promise<void>((r) => server.close(() => r()));
    if ('closeIdleConnections' in server) server.closeIdleConnections();
    void Promise.race([closed, new Promise((r) => setTimeout(r, 1000))])
      .then(() => Promise.all([stopOperations(), preview.close()]))
      .finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

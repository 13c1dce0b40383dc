import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readlinkSync, readdirSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Build, BuildStatus } from 'content-schema/build';
import type { Db } from '../db/client.ts';
import { builds, type BuildChange } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import type { Events } from '../lib/events.ts';
import type { RebuildRequest } from './rebuild.ts';

type BuildRow = typeof builds.$inferSelect;

/** Runs one full site build into `outDir`; rejects with a readable message on failure. */
export type SiteBuildRunner = (outDir: string, changes: BuildChange[]) => Promise<void>;

/** Posts to a build hook; rejects on a non-2xx answer. */
export type HookCaller = () => Promise<void>;

export const HOOK_RETRY_DELAYS_MS = [1000, 4000, 16_000];
const KEEP_BUILDS = 2;

function toBuild(row: BuildRow): Build {
  const durationMs = row.startedAt && row.finishedAt ? row.finishedAt.getTime() - row.startedAt.getTime() : null;
  return {
    id: row.id,
    state: row.state,
    target: row.target,
    reason: row.reason,
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    durationMs,
    error: row.error,
  };
}

function mergeChanges(a: BuildChange[], b: BuildChange[]): BuildChange[] {
  const byPost = new Map<number, BuildChange>();
  for (const c of [...a, ...b]) {
    const prev = byPost.get(c.postId);
    byPost.set(
      c.postId,
      prev
        ? { postId: c.postId, slugs: [...new Set([...prev.slugs, ...c.slugs])], categories: [...new Set([...prev.categories, ...c.categories])] }
        : c,
    );
  }
  return [...byPost.values()];
}

export type Builder = ReturnType<typeof createBuilder>;

/**
 * Rebuilds of the public site, driven by rows in `builds`.
 *
 * Requests that arrive while a build is queued merge into it, so a burst of edits costs one follow-up build.
 * The embedded target builds into a fresh folder and swaps a symlink (rename is atomic), so readers see the
 * old site or the new one, never half of either; a failed build leaves the last good site live.
 * The hook target POSTs to BUILD_HOOK_URL with backoff; a failure is recorded and announced, the publish stands.
 */
export function createBuilder(deps: {
  db: Db;
  clock: Clock;
  events: Events;
  target: 'embedded' | 'hook' | 'off';
  siteRoot: string;
  runBuild?: SiteBuildRunner;
  callHook?: HookCaller;
  sleep?: (ms: number) => Promise<void>;
}) {
  const { db, clock, events, target, siteRoot } = deps;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const currentLink = join(siteRoot, 'current');
  let working: Promise<void> | null = null;

  /** The folder of the live site, or null before the first successful build. */
  function liveDir(): string | null {
    try {
      return resolve(siteRoot, readlinkSync(currentLink));
    } catch {
      return null;
    }
  }

  async function request(req: RebuildRequest): Promise<void> {
    if (target === 'off') return;
    const now = clock.now();
    const [queued] = await db
      .select()
      .from(builds)
      .where(and(eq(builds.state, 'queued'), eq(builds.target, target)))
      .orderBy(builds.id)
      .limit(1);
    if (queued) {
      await db
        .update(builds)
        .set({ reason: `${queued.reason}; ${req.reason}`.slice(-1000), changes: mergeChanges(queued.changes, req.changes) })
        .where(and(eq(builds.id, queued.id), eq(builds.state, 'queued')));
    } else {
      await db.insert(builds).values({ state: 'queued', target, reason: req.reason, changes: req.changes, requestedAt: now });
    }
    kick();
  }

  /** Starts the worker unless it is already running; resolves when the queue is empty. */
  function kick(): Promise<void> {
    working ??= drain().finally(() => {
      working = null;
    });
    return working;
  }

  async function drain(): Promise<void> {
    for (;;) {
      const [next] = await db.select().from(builds).where(eq(builds.state, 'queued')).orderBy(builds.id).limit(1);
      if (!next) return;
      // Claim with a conditional update: of several workers exactly one gets the row.
      const claimed = await db
        .update(builds)
        .set({ state: 'running', startedAt: clock.now() })
        .where(and(eq(builds.id, next.id), eq(builds.state, 'queued')))
        .returning();
      if (claimed.length === 0) continue;
      await run(claimed[0]!);
    }
  }

  async function run(row: BuildRow): Promise<void> {
    const previous = await lastFinished(row.target);
    let error: string | null = null;
    let attempts = 0;
    try {
      if (row.target === 'hook') {
        for (let i = 0; ; i++) {
          attempts++;
          try {
            await deps.callHook!();
            break;
          } catch (err) {
            if (i >= HOOK_RETRY_DELAYS_MS.length) throw err;
            await sleep(HOOK_RETRY_DELAYS_MS[i]!);
          }
        }
      } else {
        attempts = 1;
        await buildAndSwap(row);
      }
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    }
    const finishedAt = clock.now();
    await db
      .update(builds)
      .set({ state: error ? 'failed' : 'succeeded', finishedAt, error, attempts })
      .where(eq(builds.id, row.id));
    if (error) {
      console.error(`[builder] build ${row.id} failed: ${error.split('\n')[0]}`);
      events.emit('build_failed', { buildId: row.id, error });
    } else {
      events.emit('build_succeeded', { buildId: row.id, durationMs: finishedAt.getTime() - (row.startedAt?.getTime() ?? finishedAt.getTime()) });
      if (previous?.state === 'failed') events.emit('build_recovered', { buildId: row.id });
    }
  }

  async function buildAndSwap(row: BuildRow): Promise<void> {
    const buildsDir = join(siteRoot, 'builds');
    mkdirSync(buildsDir, { recursive: true });
    const outDir = join(buildsDir, String(row.id));
    rmSync(outDir, { recursive: true, force: true });
    try {
      await deps.runBuild!(outDir, row.changes);
    } catch (err) {
      rmSync(outDir, { recursive: true, force: true });
      throw err;
    }
    const tmpLink = join(siteRoot, `current.${row.id}.tmp`);
    rmSync(tmpLink, { force: true });
    symlinkSync(join('builds', String(row.id)), tmpLink);
    renameSync(tmpLink, currentLink);
    prune(buildsDir, String(row.id));
  }

  function prune(buildsDir: string, keep: string): void {
    const ids = readdirSync(buildsDir)
      .filter((n) => /^\d+$/.test(n))
      .sort((a, b) => Number(b) - Number(a));
    for (const id of ids.slice(KEEP_BUILDS)) if (id !== keep) rmSync(join(buildsDir, id), { recursive: true, force: true });
  }

  async function lastFinished(t: 'embedded' | 'hook'): Promise<BuildRow | undefined> {
    const [row] = await db
      .select()
      .from(builds)
      .where(and(eq(builds.target, t), inArray(builds.state, ['succeeded', 'failed'])))
      .orderBy(desc(builds.id))
      .limit(1);
    return row;
  }

  async function status(): Promise<BuildStatus> {
    const [current] = await db.select().from(builds).where(eq(builds.state, 'running')).orderBy(desc(builds.id)).limit(1);
    const [pending] = await db.select({ id: builds.id }).from(builds).where(eq(builds.state, 'queued')).limit(1);
    const [last] = await db
      .select()
      .from(builds)
      .where(inArray(builds.state, ['succeeded', 'failed']))
      .orderBy(desc(builds.id))
      .limit(1);
    const [lastSuccess] = await db.select().from(builds).where(eq(builds.state, 'succeeded')).orderBy(desc(builds.id)).limit(1);
    return {
      current: current ? toBuild(current) : null,
      last: last ? toBuild(last) : null,
      lastSuccess: lastSuccess ? toBuild(lastSuccess) : null,
      pending: !!pending,
    };
  }

  /**
   * At start: builds left 'running' by a crash are failed and queued ones resume. The embedded target also
   * rebuilds once, since the site's code may have changed while the server was down; the last good site is
   * served meanwhile (callers wait on `idle()` only when there is none yet).
   */
  async function recover(): Promise<void> {
    await db
      .update(builds)
      .set({ state: 'failed', finishedAt: clock.now(), error: 'Interrupted by a server restart' })
      .where(eq(builds.state, 'running'));
    if (target === 'embedded') await request({ reason: liveDir() ? 'Startup build' : 'Initial build', changes: [] });
    else kick();
  }

  return { request, kick, status, recover, liveDir, idle: () => working ?? Promise.resolve() };
}

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

function runNode(args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let tail = '';
    const keep = (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolvePromise() : reject(new Error(`${args[0]} exited with ${code}:\n${tail.trim()}`))));
  });
}

/** The real embedded build: `astro build` into the folder, then pagefind over it. */
export function astroBuildRunner(opts: { apiUrl: string; siteUrl: string }): SiteBuildRunner {
  const astro = join(REPO_ROOT, 'node_modules/astro/bin/astro.mjs');
  const pagefind = join(REPO_ROOT, 'node_modules/pagefind/lib/runner/bin.cjs');
  return async (outDir) => {
    if (!existsSync(astro)) throw new Error('astro is not installed; run the install step first');
    const env = { SITE_API_URL: opts.apiUrl, SITE_URL: opts.siteUrl, ASTRO_TELEMETRY_DISABLED: '1' };
    await runNode([astro, 'build', '--outDir', outDir], env);
    await runNode([pagefind, '--site', outDir, '--silent'], env);
  };
}

/** The production hook: one POST, any non-2xx is a failure. */
export function buildHookCaller(url: string): HookCaller {
  return async () => {
    const res = await fetch(url, { method: 'POST', signal: AbortSignal.timeout(15_000) });
    if (!res.ok) throw new Error(`Build hook answered ${res.status}`);
  };
}

/**
 * Keeps the public site in step with the change record (docs/decisions/001-one-change-record.md).
 *
 * A pass reaps the builds whose builder died (lease.ts), queues the changes the target does not reflect yet
 * (queue.ts), claims a build under a lease and runs it on this instance's target: the warm renderer writing this
 * machine's site folder (targets/embedded.ts) or a CDN's build hook (targets/hook.ts). After the files are in place
 * the builder fetches each changed article, confirms it shows the change, and records the time from the editor's
 * action to live (verify.ts). Change records are written by whichever instance made the change: this instance's
 * own wake the builder at once through `kick`, other instances' are seen by the pass job's cheap poll of the newest
 * id. An instance with the builder off never claims, fails or runs a build. See
 * docs/decisions/004-build-queue-lease.md and docs/decisions/002-warm-renderer.md.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { coalesce } from '../../lib/coalesce.ts';
import type { Events } from '../../lib/events.ts';
import type { Job } from '../../lib/jobs.ts';
import { changesBetween, latestChangeId } from '../changes.ts';
import type { SiteRendererClient } from '../site-renderer.ts';
import { builtThrough, rendererState } from './built-through.ts';
import {
  building,
  type BuilderContext,
  type Building,
  type BuildRow,
  type HookCaller,
  type SiteProbe,
} from './context.ts';
import { checkLate } from './late.ts';
import { claim, reapDead, withLease } from './lease.ts';
import { backingOff, describeChanges, enqueue, enqueueChanges, finish, inFlight } from './queue.ts';
import { postsLive, status } from './status.ts';
import { liveDir, queueName, type BuildTarget } from './target.ts';
import { renderChanges, renderFull } from './targets/embedded.ts';
import { runHook } from './targets/hook.ts';

/** How often an instance that builds looks for changes made on other instances (and retries failed builds). */
const PASS_EVERY_MS = 250;
const LATE_CHECK_EVERY_MS = 5000;

export interface BuilderDeps {
  db: Db;
  clock: Clock;
  events: Events;
  target: BuildTarget;
  siteRoot: string;
  renderer?: SiteRendererClient;
  callHook?: HookCaller;
  probe?: SiteProbe;
  sleep?: (ms: number) => Promise<void>;
}

export type Builder = ReturnType<typeof createBuilder>;

/** The passes of one builder, which never overlap, and the full render that runs beside them. */
interface Runner {
  ctx: BuilderContext;
  passes: ReturnType<typeof coalesce>;
  full: Promise<void> | null;
}

/** The builder of this instance: its jobs for the server to start, and what the app asks of it. */
export function createBuilder(deps: BuilderDeps) {
  const ctx: BuilderContext = {
    db: deps.db,
    clock: deps.clock,
    events: deps.events,
    target: deps.target,
    queue: queueName(deps.target, deps.siteRoot),
    owner: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    siteRoot: deps.siteRoot,
    renderer: deps.renderer,
    callHook: deps.callHook,
    probe: deps.probe,
    sleep: deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms))),
    rendered: null,
    active: new Set(),
  };
  const runner: Runner = { ctx, full: null, passes: coalesce('builder', () => pass(runner)) };
  /** Runs passes until there is nothing to claim; overlapping calls coalesce. */
  const kick = runner.passes.run;
  return {
    kick,
    jobs: builderJobs(ctx, kick),
    checkLate: () => checkLate(ctx),
    status: () => status(ctx),
    /** How the latest public change of each given post went live. */
    postsLive: (postIds: number[]) => postsLive(ctx.db, postIds),
    /** Queues a render of the whole site (the editor's "Retry build"). */
    requestFull: (reason: string) => requestFull(runner, reason),
    liveDir: () => liveDir(ctx.target, ctx.siteRoot),
    /** Resolves when no pass and no full render of this instance is under way. */
    idle: async () => {
      while (runner.passes.running || runner.full) await Promise.all([runner.passes.idle(), runner.full]);
    },
    owner: ctx.owner,
  };
}

/**
 * The pass, on an instance that builds, at once and then every PASS_EVERY_MS. The job only wakes the pass, which
 * runs on its own single flight (`kick` also starts it), so stopping the job does not wait for a build: one left
 * running at exit is taken over, its owner being gone. The late check runs on every instance, builder or not.
 */
function builderJobs(ctx: BuilderContext, kick: () => Promise<void>): Job[] {
  const late: Job = {
    name: 'builder late check',
    everyMs: LATE_CHECK_EVERY_MS,
    atStart: false,
    run: () => checkLate(ctx),
  };
  if (!building(ctx)) return [late];
  return [{ name: 'builder', everyMs: PASS_EVERY_MS, run: () => void kick() }, late];
}

/** One pass: reap dead builders, queue what is pending, run what this instance can claim. */
async function pass(runner: Runner): Promise<void> {
  const { ctx } = runner;
  if (!building(ctx)) return;
  await reapDead(ctx);
  await queueFullRender(ctx);
  if (!runner.full) {
    const full = await claim(ctx, 'full');
    if (full) {
      runner.full = runFull(ctx, full).finally(() => {
        runner.full = null;
        void runner.passes.run();
      });
    }
  }
  if (ctx.target === 'embedded' && (await rendererState(ctx)).needsFull) return;
  await queueChanges(ctx);
  const row = await claim(ctx, 'changes');
  if (row) {
    await runChanges(ctx, row);
    runner.passes.again();
  }
}

/** Queues a full render of an embedded folder that only one will bring up to date (none yet, or new site code). */
async function queueFullRender(ctx: Building): Promise<void> {
  if (ctx.target !== 'embedded') return;
  const state = await rendererState(ctx);
  if (state.needsFull && (await inFlight(ctx, 'full')) === null && !(await backingOff(ctx, 'full'))) {
    const reason = liveDir(ctx.target, ctx.siteRoot) ? 'The site code changed: full render' : 'Initial build';
    await enqueue(ctx, 'full', reason, 0, 0);
  }
}

/** Queues the changes no build covers yet, unless failed builds are being backed off. */
async function queueChanges(ctx: Building): Promise<void> {
  const latest = await latestChangeId(ctx.db);
  // These reads only spare a write when nothing is new; whether the changes are covered by then is decided by
  // the one statement that queues them (another builder may queue or claim them in between).
  const inflight = (await inFlight(ctx, 'changes')) ?? 0;
  const built = await builtThrough(ctx);
  const covered = Math.max(built, inflight);
  if (latest > covered && !(await backingOff(ctx, 'changes'))) {
    const reason = describeChanges(await changesBetween(ctx.db, covered, latest));
    await enqueueChanges(ctx, reason, built, latest);
  }
}

async function runChanges(ctx: Building, row: BuildRow): Promise<void> {
  try {
    await withLease(ctx, row, () => (ctx.target === 'hook' ? runHook(ctx, row) : renderChanges(ctx, row)));
  } catch (err) {
    await recordFailure(ctx, row, err, 'build');
  }
}

async function runFull(ctx: Building, row: BuildRow): Promise<void> {
  try {
    await withLease(ctx, row, () => (ctx.target === 'hook' ? runHook(ctx, row) : renderFull(ctx, row)));
    const durationMs = ctx.clock.now().getTime() - (row.startedAt?.getTime() ?? 0);
    ctx.events.emit('build_succeeded', { buildId: row.id, durationMs });
  } catch (err) {
    await recordFailure(ctx, row, err, 'full build');
  }
}

/** Records a build that threw as failed, and announces it. */
async function recordFailure(ctx: Building, row: BuildRow, err: unknown, what: 'build' | 'full build'): Promise<void> {
  const error = err instanceof Error ? err.message : String(err);
  await finish(ctx, row, { state: 'failed', error });
  console.error(`[builder] ${what} ${row.id} failed: ${error.split('\n')[0]}`);
  ctx.events.emit('build_failed', { buildId: row.id, error });
}

async function requestFull(runner: Runner, reason: string): Promise<void> {
  const { ctx } = runner;
  if (!building(ctx)) return;
  const latest = await latestChangeId(ctx.db);
  await enqueue(ctx, 'full', reason, 0, latest);
  void runner.passes.run();
}

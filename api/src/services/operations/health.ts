/**
 * Real health of the five public services. Every check is measured live (health-checks.ts), at most once a second
 * for the public page (`current`); uptime comes from samples stored every minute, cached in memory between samples.
 */
import { lt, sql } from 'drizzle-orm';
import {
  OVERALL_BANNER,
  overallStatus,
  SERVICE_NAMES,
  type OverallStatus,
  type ServiceName,
  type ServiceStatus,
  type StatusReport,
} from 'content-schema/status';
import { healthSamples } from '../../db/schema-operations.ts';
import type { Job } from '../../lib/jobs.ts';
import { runChecks, type CheckContext, type HealthDeps } from './health-checks.ts';

export const UPTIME_WINDOW_DAYS = 30;
/** `GET /api/status` computes the live checks at most once per this many milliseconds per instance. */
export const STATUS_CACHE_MS = 1000;
/** How often a sample of every service is stored. */
export const SAMPLE_EVERY_MS = 60_000;

/** What the service remembers between requests: the checks' context, uptime per service, the latest status. */
interface HealthContext extends CheckContext {
  uptime: Map<string, { up: number; total: number }>;
  recent: { at: number; done: boolean; report: Promise<StatusReport> } | null;
}

/** The uptime of a service over the window, counting the live check as one more sample. */
function uptimeOf(ctx: HealthContext, name: ServiceName, current: OverallStatus): number {
  const u = ctx.uptime.get(name) ?? { up: 0, total: 0 };
  const up = u.up + (current === 'outage' ? 0 : 1);
  return Math.round((up / (u.total + 1)) * 10000) / 100;
}

/** Reads the uptime of each service over the window from the stored samples. */
async function refreshUptime(ctx: HealthContext): Promise<void> {
  const since = ctx.clock.now().getTime() - UPTIME_WINDOW_DAYS * 86_400_000;
  const rows = await ctx.db
    .select({
      service: healthSamples.service,
      up: sql<number>`sum(case when ${healthSamples.status} != 'outage' then 1 else 0 end)`,
      total: sql<number>`count(*)`,
    })
    .from(healthSamples)
    .where(sql`${healthSamples.at} >= ${since}`)
    .groupBy(healthSamples.service);
  ctx.uptime = new Map(rows.map((r) => [r.service, { up: Number(r.up), total: Number(r.total) }]));
}

/** GET /api/status: live checks, uptime from stored samples. */
async function status(ctx: HealthContext): Promise<StatusReport> {
  const results = await runChecks(ctx);
  const checkedAt = ctx.clock.now().toISOString();
  const services = SERVICE_NAMES.map((name): ServiceStatus => {
    const r = results.get(name)!;
    return {
      name,
      status: r.status,
      responseTime: Math.max(1, Math.round(r.responseMs)),
      uptime: uptimeOf(ctx, name, r.status),
      lastUpdated: checkedAt,
      detail: r.detail,
    };
  });
  const overall = overallStatus(services);
  return {
    overall,
    banner: OVERALL_BANNER[overall],
    checkedAt,
    services,
    website: ctx.website,
    uptimeWindowDays: UPTIME_WINDOW_DAYS,
  };
}

/**
 * The status as `GET /api/status` serves it: computed at most once a second on this instance (by the server's
 * clock), and shared by every request that arrives while it is being computed, so a crowd of readers on the
 * status page costs one set of checks per second instead of one per request.
 */
function current(ctx: HealthContext): Promise<StatusReport> {
  const now = ctx.clock.now().getTime();
  const recent = ctx.recent;
  if (recent && (!recent.done || (now >= recent.at && now - recent.at < STATUS_CACHE_MS))) return recent.report;
  const entry = { at: now, done: false, report: status(ctx) };
  ctx.recent = entry;
  entry.report.then(
    () => {
      entry.done = true;
    },
    () => {
      if (ctx.recent === entry) ctx.recent = null; // not kept: the next request computes again
    },
  );
  return entry.report;
}

/** Stores one sample per service, prunes samples past the window, and refreshes the uptime cache. */
async function sample(ctx: HealthContext): Promise<void> {
  const results = await runChecks(ctx);
  const at = ctx.clock.now();
  await ctx.db.batch([
    ctx.db.insert(healthSamples).values(
      SERVICE_NAMES.map((name) => ({
        service: name,
        status: results.get(name)!.status,
        responseMs: results.get(name)!.responseMs,
        at,
      })),
    ),
    ctx.db.delete(healthSamples).where(lt(healthSamples.at, new Date(at.getTime() - UPTIME_WINDOW_DAYS * 86_400_000))),
  ]);
  await refreshUptime(ctx);
}

/**
 * Samples every minute. The first sample waits one interval, so the start-up itself (the first site build) does
 * not count as downtime; until then uptime reflects the live check only.
 */
function sampleJob(ctx: HealthContext): Job {
  return { name: 'health', everyMs: SAMPLE_EVERY_MS, atStart: false, run: () => sample(ctx) };
}

export type HealthService = ReturnType<typeof createHealthService>;

/** The health service: the status page's answer, the sampling job, and the uptime cache. */
export function createHealthService(deps: HealthDeps) {
  const ctx: HealthContext = {
    ...deps,
    uptime: new Map(),
    website: { lastBuildAt: null, ageSeconds: null },
    recent: null,
  };
  return {
    status: () => status(ctx),
    current: () => current(ctx),
    sample: () => sample(ctx),
    refreshUptime: () => refreshUptime(ctx),
    jobs: [sampleJob(ctx)],
  };
}

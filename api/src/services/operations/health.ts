import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
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
import type { Db } from '../../db/client.ts';
import { healthSamples } from '../../db/schema-operations.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Builder } from '../builder.ts';


export const UPTIME_WINDOW_DAYS = 30;
/** `GET /api/status` computes the live checks at most once per this many milliseconds per instance. */
export const STATUS_CACHE_MS = 1000;
/** A live check that takes longer than this is an outage. */
export const CHECK_TIMEOUT_MS = 1000;
export const SLOW_MS = {
  'API Services': 500,
  Database: 200,
  Authentication: 300,
  Website: 300,
  'Content Delivery': 300,
} as const;

interface CheckResult {
  status: OverallStatus;
  detail: string;
  responseMs: number;
}

async function timed(fn: () => Promise<Omit<CheckResult, 'responseMs'>>, slowMs: number): Promise<CheckResult> {
  const t0 = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const result = await Promise.race([
      fn(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
      }),
    ]);
    const responseMs = Math.round((performance.now() - t0) * 10) / 10;
    if (result.status === 'operational' && responseMs > slowMs)
      return { status: 'degraded', detail: `${result.detail} (slow)`, responseMs };
    return { ...result, responseMs };
  } catch (err) {
    const responseMs = Math.round((performance.now() - t0) * 10) / 10;
    return {
      status: 'outage',
      detail: err instanceof Error && err.message === 'timed out' ? 'Not responding' : 'Unreachable',
      responseMs,
    };
  } finally {
    clearTimeout(timer);
  }
}

export type HealthService = ReturnType<typeof createHealthService>;

/**
 * Real health of the five public services. Every check is measured live (each is a query or a file check of
 * a few milliseconds), at most once a second for the public page (`current`); uptime comes from samples stored
 * every minute, cached in memory between samples.
 */
export function createHealthService(deps: {
  db: Db;
  clock: Clock;
  builder: Pick<Builder, 'status' | 'liveDir'>;
  buildTarget: 'embedded' | 'hook' | 'off';
  /** Serves one request through this server's own stack; rejects on a non-OK answer. */
  probeApi: () => Promise<void>;
}) {
  const { db, clock, builder } = deps;
  let uptime = new Map<string, { up: number; total: number }>();
  let website = { lastBuildAt: null as string | null, ageSeconds: null as number | null };

  const checks: Record<ServiceName, () => Promise<Omit<CheckResult, 'responseMs'>>> = {
    Website: async () => {
      const s = await builder.status();
      const now = clock.now().getTime();
      const lastAt = s.lastSuccess?.finishedAt ?? null;
      website = {
        lastBuildAt: lastAt,
        ageSeconds: lastAt ? Math.max(0, Math.round((now - Date.parse(lastAt)) / 1000)) : null,
      };
      if (!s.lastSuccess) {
        if (deps.buildTarget === 'off')
          return { status: 'degraded', detail: 'Site builds are turned off on this server' };
        if (s.current) return { status: 'degraded', detail: 'The first site build is in progress' };
        return { status: 'outage', detail: 'No successful site build yet' };
      }
      if (s.last?.state === 'failed')
        return { status: 'degraded', detail: 'The latest build failed; the previous version stays live' };
      return { status: 'operational', detail: s.current ? 'Live; an update is being built' : 'Live and up to date' };
    },
    'API Services': async () => {
      await deps.probeApi();
      return { status: 'operational', detail: 'Answering requests' };
    },
    Database: async () => {
      await db.run(sql`SELECT count(*) FROM posts`);
      return { status: 'operational', detail: 'Answering queries' };
    },
    'Content Delivery': async () => {
      if (deps.buildTarget === 'hook')
        return { status: 'operational', detail: 'Served by the CDN from the last deployed build' };
      const dir = builder.liveDir();
      if (!dir) return { status: 'outage', detail: 'No built site to serve' };
      if (!existsSync(join(dir, 'index.html')) || statSync(join(dir, 'index.html')).size === 0)
        return { status: 'outage', detail: 'The built site is incomplete' };
      return { status: 'operational', detail: 'Serving the built site' };
    },
    Authentication: async () => {
      await db.run(sql`SELECT 1 FROM sessions LIMIT 1`);
      const res = await db.$client.execute('SELECT count(*) AS n FROM users');
      if (Number(res.rows[0]?.n ?? 0) === 0) return { status: 'degraded', detail: 'No administrator account' };
      return { status: 'operational', detail: 'Session store reachable' };
    },
  };

  async function runChecks(): Promise<Map<ServiceName, CheckResult>> {
    const results = await Promise.all(SERVICE_NAMES.map((name) => timed(checks[name], SLOW_MS[name])));
    return new Map(SERVICE_NAMES.map((name, i) => [name, results[i]!]));
  }

  function uptimeOf(name: ServiceName, current: OverallStatus): number {
    const u = uptime.get(name) ?? { up: 0, total: 0 };
    const up = u.up + (current === 'outage' ? 0 : 1);
    return Math.round((up / (u.total + 1)) * 10000) / 100;
  }

  async function refreshUptime(): Promise<void> {
    const since = clock.now().getTime() - UPTIME_WINDOW_DAYS * 86_400_000;
    const rows = await db
      .select({
        service: healthSamples.service,
        up: sql<number>`sum(case when ${healthSamples.status} != 'outage' then 1 else 0 end)`,
        total: sql<number>`count(*)`,
      })
      .from(healthSamples)
      .where(sql`${healthSamples.at} >= ${since}`)
      .groupBy(healthSamples.service);
    uptime = new Map(rows.map((r) => [r.service, { up: Number(r.up), total: Number(r.total) }]));
  }

  /** GET /api/status: live checks, uptime from stored samples. */
  async function status(): Promise<StatusReport> {
    const results = await runChecks();
    const checkedAt = clock.now().toISOString();
    const services = SERVICE_NAMES.map((name): ServiceStatus => {
      const r = results.get(name)!;
      return {
        name,
        status: r.status,
        responseTime: Math.max(1, Math.round(r.responseMs)),
        uptime: uptimeOf(name, r.status),
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
      website,
      uptimeWindowDays: UPTIME_WINDOW_DAYS,
    };
  }

  let recent: { at: number; done: boolean; report: Promise<StatusReport> } | null = null;

  /**
   * The status as `GET /api/status` serves it: computed at most once a second on this instance (by the server's
   * clock), and shared by every request that arrives while it is being computed, so a crowd of readers on the
   * status page costs one set of checks per second instead of one per request.
   */
  function current(): Promise<StatusReport> {
    const now = clock.now().getTime();
    if (recent && (!recent.done || (now >= recent.at && now - recent.at < STATUS_CACHE_MS))) return recent.report;
    const entry = { at: now, done: false, report: status() };
    recent = entry;
    entry.report.then(
      () => {
        entry.done = true;
      },
      () => {
        if (recent === entry) recent = null; // not kept: the next request computes again
      },
    );
    return entry.report;
  }

  /** Stores one sample per service, prunes samples past the window, and refreshes the uptime cache. */
  async function sample(): Promise<void> {
    const results = await runChecks();
    const at = clock.now();
    await db.batch([
      db.insert(healthSamples).values(
        SERVICE_NAMES.map((name) => ({
          service: name,
          status: results.get(name)!.status,
          responseMs: results.get(name)!.responseMs,
          at,
        })),
      ),
      db.delete(healthSamples).where(lt(healthSamples.at, new Date(at.getTime() - UPTIME_WINDOW_DAYS * 86_400_000))),
    ]);
    await refreshUptime();
  }

  /**
   * Samples every `intervalMs`. The first sample waits one interval, so the start-up itself (the first site
   * build) does not count as downtime; until then uptime reflects the live check only.
   */
  function start(intervalMs = 60_000): () => void {
    const run = () =>
      sample().catch((err: unknown) =>
        console.error('[health] sampling failed:', err instanceof Error ? err.message : err),
      );
    void refreshUptime().catch(() => {});
    const timer = setInterval(run, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  return { status, current, sample, refreshUptime, start };
}

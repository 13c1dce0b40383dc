/**
 * The live checks of the five public services: each a query or a file check of a few milliseconds, timed, with a
 * timeout that counts as an outage and a slow answer that counts as degraded.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { SERVICE_NAMES, type OverallStatus, type ServiceName } from 'content-schema/status';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Builder } from '../builder/builder.ts';

/** A live check that takes longer than this is an outage. */
export const CHECK_TIMEOUT_MS = 1000;
export const SLOW_MS = {
  'API Services': 500,
  Database: 200,
  Authentication: 300,
  Website: 300,
  'Content Delivery': 300,
} as const;

/** What the checks look at. */
export interface HealthDeps {
  db: Db;
  clock: Clock;
  builder: Pick<Builder, 'status' | 'liveDir'>;
  buildTarget: 'embedded' | 'hook' | 'off';
  /** Serves one request through this server's own stack; rejects on a non-OK answer. */
  probeApi: () => Promise<void>;
}

/** The last successful build as the latest Website check saw it. */
export interface WebsiteBuild {
  lastBuildAt: string | null;
  ageSeconds: number | null;
}

/** What the checks need: their dependencies, and where the Website check leaves what it saw of the last build. */
export interface CheckContext extends HealthDeps {
  website: WebsiteBuild;
}

export interface CheckResult {
  status: OverallStatus;
  detail: string;
  responseMs: number;
}

type Check = (ctx: CheckContext) => Promise<Omit<CheckResult, 'responseMs'>>;

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

const checkWebsite: Check = async (ctx) => {
  const s = await ctx.builder.status();
  const now = ctx.clock.now().getTime();
  const lastAt = s.lastSuccess?.finishedAt ?? null;
  ctx.website = {
    lastBuildAt: lastAt,
    ageSeconds: lastAt ? Math.max(0, Math.round((now - Date.parse(lastAt)) / 1000)) : null,
  };
  if (!s.lastSuccess) {
    if (ctx.buildTarget === 'off') return { status: 'degraded', detail: 'Site builds are turned off on this server' };
    if (s.current) return { status: 'degraded', detail: 'The first site build is in progress' };
    return { status: 'outage', detail: 'No successful site build yet' };
  }
  if (s.last?.state === 'failed')
    return { status: 'degraded', detail: 'The latest build failed; the previous version stays live' };
  return { status: 'operational', detail: s.current ? 'Live; an update is being built' : 'Live and up to date' };
};

const checkApi: Check = async (ctx) => {
  await ctx.probeApi();
  return { status: 'operational', detail: 'Answering requests' };
};

const checkDatabase: Check = async (ctx) => {
  await ctx.db.run(sql`SELECT count(*) FROM posts`);
  return { status: 'operational', detail: 'Answering queries' };
};

const checkDelivery: Check = async (ctx) => {
  if (ctx.buildTarget === 'hook')
    return { status: 'operational', detail: 'Served by the CDN from the last deployed build' };
  const dir = ctx.builder.liveDir();
  if (!dir) return { status: 'outage', detail: 'No built site to serve' };
  if (!existsSync(join(dir, 'index.html')) || statSync(join(dir, 'index.html')).size === 0)
    return { status: 'outage', detail: 'The built site is incomplete' };
  return { status: 'operational', detail: 'Serving the built site' };
};

const checkAuthentication: Check = async (ctx) => {
  await ctx.db.run(sql`SELECT 1 FROM sessions LIMIT 1`);
  const res = await ctx.db.$client.execute('SELECT count(*) AS n FROM users');
  if (Number(res.rows[0]?.n ?? 0) === 0) return { status: 'degraded', detail: 'No administrator account' };
  return { status: 'operational', detail: 'Session store reachable' };
};

const CHECKS: Record<ServiceName, Check> = {
  Website: checkWebsite,
  'API Services': checkApi,
  Database: checkDatabase,
  'Content Delivery': checkDelivery,
  Authentication: checkAuthentication,
};

/** Runs every check at once, each timed. */
export async function runChecks(ctx: CheckContext): Promise<Map<ServiceName, CheckResult>> {
  const results = await Promise.all(SERVICE_NAMES.map((name) => timed(() => CHECKS[name](ctx), SLOW_MS[name])));
  return new Map(SERVICE_NAMES.map((name, i) => [name, results[i]!]));
}

/**
 * Who runs a build: a builder claims a queued build with one conditional UPDATE that takes a lease, and renews it
 * with a heartbeat while the build runs. With several instances exactly one runs each build, and a build whose
 * builder died (its lease ran out, or its process is gone) is taken over. See docs/decisions/004-build-queue-lease.md.
 */
import { hostname } from 'node:os';
import { and, eq } from 'drizzle-orm';
import { builds } from '../../db/schema.ts';
import { startJob } from '../../lib/jobs.ts';
import type { Building, BuildRow } from './context.ts';
import { BUILDER_STOPPED, enqueue, type BuildKind } from './queue.ts';

/** A builder that stops renewing its lease for this long is taken to be dead. */
export const LEASE_MS = 15_000;
const HEARTBEAT_MS = 5000;

/** Takes the oldest queued build of a kind unless one of that kind runs under a live lease. */
export async function claim(ctx: Building, kind: BuildKind): Promise<BuildRow | null> {
  const now = ctx.clock.now().getTime();
  const res = await ctx.db.$client.execute({
    sql: `UPDATE site_builds SET state = 'running', lease_owner = ?, lease_expires_at = ?, started_at = ?, attempts = attempts + 1
            WHERE id = (SELECT id FROM site_builds WHERE target = ? AND kind = ? AND state = 'queued' ORDER BY id LIMIT 1)
              AND NOT EXISTS (SELECT 1 FROM site_builds WHERE target = ? AND kind = ? AND state = 'running')
            RETURNING id`,
    args: [ctx.owner, now + LEASE_MS, now, ctx.queue, kind, ctx.queue, kind],
  });
  const id = res.rows[0]?.id;
  if (id === undefined || id === null) return null;
  const [row] = await ctx.db
    .select()
    .from(builds)
    .where(eq(builds.id, Number(id)));
  return row ?? null;
}

/** Keeps a build's lease while `work` runs: a heartbeat renews it every HEARTBEAT_MS until the work ends. */
export async function withLease<T>(ctx: Building, row: BuildRow, work: () => Promise<T>): Promise<T> {
  ctx.active.add(row.id);
  const stopHeartbeat = startJob({
    name: 'builder lease',
    everyMs: HEARTBEAT_MS,
    atStart: false,
    run: () => renewLease(ctx, row),
  });
  try {
    return await work();
  } finally {
    await stopHeartbeat();
    ctx.active.delete(row.id);
  }
}

async function renewLease(ctx: Building, row: BuildRow): Promise<void> {
  const until = new Date(ctx.clock.now().getTime() + LEASE_MS);
  // A renewal that fails is made good by the next one: the lease outlasts two heartbeats.
  await ctx.db
    .update(builds)
    .set({ leaseExpiresAt: until })
    .where(and(eq(builds.id, row.id), eq(builds.leaseOwner, ctx.owner)))
    .catch(() => {});
}

/**
 * Fails running builds of this target whose builder died, and builds their work again: the changes of a
 * change build are still ahead of the target's cursor; a full render is queued anew.
 */
export async function reapDead(ctx: Building): Promise<void> {
  const now = ctx.clock.now().getTime();
  const running = await ctx.db
    .select()
    .from(builds)
    .where(and(eq(builds.target, ctx.queue), eq(builds.state, 'running')));
  for (const row of running) {
    if (!ownerDead(ctx, row, now)) continue;
    const reaped = await ctx.db
      .update(builds)
      .set({ state: 'failed', finishedAt: ctx.clock.now(), error: BUILDER_STOPPED })
      .where(and(eq(builds.id, row.id), eq(builds.state, 'running'), eq(builds.leaseOwner, row.leaseOwner!)));
    if (reaped.rowsAffected === 1 && row.kind === 'full') {
      const reason = `Again after the builder stopped: ${row.reason}`.slice(0, 1000);
      await enqueue(ctx, 'full', reason, row.fromChange, row.toChange);
    }
  }
}

/** Whether the process holding a lease is gone: its lease ran out, or it was a process on this machine that died. */
function ownerDead(ctx: Building, row: BuildRow, now: number): boolean {
  // Ours but not running here: its end could not be recorded (say the database was busy); nothing runs it.
  if (row.leaseOwner === ctx.owner) return !ctx.active.has(row.id);
  if (!row.leaseExpiresAt || row.leaseExpiresAt.getTime() < now) return true;
  const [host, pid] = (row.leaseOwner ?? '').split(':');
  if (host !== hostname() || !pid || Number(pid) === process.pid) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

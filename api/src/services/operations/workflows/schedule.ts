import { and, eq, lte, ne, sql } from 'drizzle-orm';
import { workflowRuns, workflows } from '../../../db/schema-operations.ts';
import type { Job } from '../../../lib/jobs.ts';
import type { WorkflowsContext, WorkflowsStore } from './context.ts';
import { nextOccurrence } from './cron.ts';
import { idle, startRun } from './runs.ts';

/** How often the schedules are checked for a due occurrence. */
export const TICK_MS = 5000;

/** Claims and starts every due scheduled occurrence; several missed occurrences (server down) run once. */
export async function tick(ctx: WorkflowsContext): Promise<number[]> {
  const now = ctx.clock.now();
  const due = await ctx.db
    .select()
    .from(workflows)
    .where(
      and(
        eq(workflows.trigger, 'schedule'),
        eq(workflows.enabled, true),
        ne(workflows.status, 'running'),
        lte(workflows.nextRun, now),
      ),
    );
  const started: number[] = [];
  for (const row of due) {
    if (!row.scheduleConfig || !row.nextRun) continue;
    const occurrence = row.nextRun;
    const run = await startRun(
      ctx,
      row.id,
      { trigger: 'schedule', occurrence: occurrence.toISOString() },
      { occurrence, next: nextOccurrence(row.scheduleConfig, now) },
    );
    if (run) started.push(run.id);
  }
  return started;
}

/**
 * At start: runs left 'running' by a crash are failed (like the builder, this assumes one instance restarts
 * at a time), and schedules get a next run if they lack one.
 */
export async function recover({ db, clock }: WorkflowsStore): Promise<void> {
  const now = clock.now();
  await db.batch([
    db
      .update(workflowRuns)
      .set({ status: 'failed', error: 'Interrupted by a server restart', finishedAt: now })
      .where(eq(workflowRuns.status, 'running')),
    db
      .update(workflows)
      .set({ status: 'failed', claimToken: null, updatedAt: now })
      .where(eq(workflows.status, 'running')),
  ]);
  const schedules = await db
    .select()
    .from(workflows)
    .where(and(eq(workflows.trigger, 'schedule'), eq(workflows.enabled, true)));
  for (const w of schedules) {
    if (w.nextRun || !w.scheduleConfig) continue;
    await db
      .update(workflows)
      .set({ nextRun: nextOccurrence(w.scheduleConfig, now) })
      .where(and(eq(workflows.id, w.id), sql`next_run IS NULL`));
  }
}

/**
 * Ticks the schedule from start; an occurrence that fell due while the server was down runs on the first tick.
 * At stop, waits for the runs in flight.
 */
export function scheduleJob(ctx: WorkflowsContext): Job {
  return { name: 'workflows', everyMs: TICK_MS, run: () => tick(ctx), drain: () => idle(ctx) };
}

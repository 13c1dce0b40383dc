/**
 * The schedule's side of the automation: one poll of the slot clock, which claims a due slot by inserting its run
 * row (the unique slot index lets exactly one instance in, once) and runs it.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import { automationRuns } from '../../db/schema-automation.ts';
import type { AutomationContext } from './context.ts';
import { KIND_LABEL, runDraft } from './run-draft.ts';
import { dueSlot, type Slot } from './slot-clock.ts';

export type TickOutcome = { slot: Slot; outcome: 'succeeded' | 'failed' | 'skipped' } | null;

/** Marks runs left 'running' by a process that died as failed; their topics' reservations have lapsed. */
async function recoverInterrupted({ db, leaseMs }: AutomationContext, now: Date): Promise<void> {
  await db
    .update(automationRuns)
    .set({ status: 'failed', error: 'Interrupted: the server stopped during generation', finishedAt: now })
    .where(and(eq(automationRuns.status, 'running'), lt(automationRuns.startedAt, new Date(now.getTime() - leaseMs))));
}

/**
 * Claims a due slot: inserts its run row, as 'running', or while paused as 'skipped' (so resuming later the same
 * day does not run it). Nothing when the slot was claimed already, here earlier or by another instance.
 */
async function claimSlot(
  { db, provider }: AutomationContext,
  slot: Slot,
  now: Date,
): Promise<{ id: number; status: string } | undefined> {
  const claimed = await db.all<{ id: number; status: string }>(sql`
    INSERT INTO automation_runs (kind, trigger, slot_date, status, provider, error, started_at, finished_at)
    SELECT ${slot.kind}, 'schedule', ${slot.date}, s.status, ${provider.name}, s.error, ${now.getTime()}, s.finished
    FROM (SELECT CASE WHEN paused THEN 'skipped' ELSE 'running' END AS status,
                 CASE WHEN paused THEN 'Automation was paused' END AS error,
                 CASE WHEN paused THEN ${now.getTime()} END AS finished
          FROM (SELECT COALESCE((SELECT paused FROM automation_settings WHERE id = 1), 0) AS paused)) AS s
    WHERE true
    ON CONFLICT DO NOTHING
    RETURNING id, status`);
  return claimed[0];
}

/**
 * One poll of the slot clock: recovers interrupted runs, then claims and runs today's slot if it is due. A slot
 * missed while the server was down runs on the first poll if still the same day. Returns what this call did.
 */
export async function tick(ctx: AutomationContext): Promise<TickOutcome> {
  const now = ctx.clock.now();
  await recoverInterrupted(ctx, now);
  const slot = dueSlot(now);
  if (!slot) return null;
  const run = await claimSlot(ctx, slot, now);
  if (!run) return null;
  if (run.status === 'skipped') return { slot, outcome: 'skipped' };
  try {
    await runDraft(ctx, run.id, slot.kind, slot.category);
    return { slot, outcome: 'succeeded' };
  } catch (err) {
    console.error(
      `[automation] ${slot.date} ${KIND_LABEL[slot.kind]} slot failed:`,
      err instanceof Error ? err.message : err,
    );
    return { slot, outcome: 'failed' };
  }
}

/**
 * Starting and running a workflow. Starting a run is one write batch: a conditional UPDATE claims the workflow
 * (`enabled` and not `running`; for a schedule also "next_run is still the occurrence I saw") and an INSERT creates
 * the run only if this claim won. A scheduled occurrence is additionally unique per workflow in `workflow_runs`,
 * so it runs once across restarts and any number of instances. The run itself goes on in the background.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { RunContext, RunStep, WorkflowAction, WorkflowExecution } from 'content-schema/workflow';
import { workflowRuns, workflows } from '../../../db/schema-operations.ts';
import { AppError } from '../../../lib/errors.ts';
import { GROUPED_TITLES } from '../notifications/store.ts';
import type { WorkflowsContext, WorkflowsStore } from './context.ts';
import { findRow, toWorkflow, WORKFLOW_NOT_FOUND, type RunRow, type WorkflowRow } from './rows.ts';

/** Runs kept per workflow; older ones are pruned when a run finishes. */
const RUNS_KEPT = 50;

/** A scheduled run's occurrence, and the one after it that the claim moves the workflow on to. */
export interface Occurrence {
  occurrence: Date;
  next: Date | null;
}

/**
 * Claims the workflow and creates its run in one write batch; null when the claim lost (disabled, already
 * running, deleted, or for a schedule: the occurrence was taken by another instance).
 */
async function claim(
  { db, clock }: WorkflowsStore,
  id: number,
  context: RunContext,
  schedule?: Occurrence,
): Promise<RunRow | null> {
  const token = randomUUID();
  const now = clock.now().getTime();
  const occurrenceGuard = schedule ? sql` AND next_run = ${schedule.occurrence.getTime()}` : sql``;
  await db.batch([
    db.run(sql`UPDATE workflows
      SET status = 'running', claim_token = ${token}, execution_count = execution_count + 1, last_run = ${now},
          next_run = ${schedule ? (schedule.next?.getTime() ?? null) : sql`next_run`}, updated_at = ${now}
      WHERE id = ${id} AND enabled = 1 AND status != 'running'${occurrenceGuard}`),
    db.run(sql`INSERT INTO workflow_runs (workflow_id, trigger, occurrence, context, status, steps, claim_token, started_at)
      SELECT ${id}, ${context.trigger}, ${schedule ? schedule.occurrence.toISOString() : null}, ${JSON.stringify(context)},
             'running', '[]', ${token}, ${now}
      WHERE EXISTS (SELECT 1 FROM workflows WHERE id = ${id} AND claim_token = ${token})`),
  ]);
  const [run] = await db.select().from(workflowRuns).where(eq(workflowRuns.claimToken, token)).limit(1);
  return run ?? null;
}

/** Runs one action and says how it went; a thrown error is the step's failure. */
async function runStep(
  ctx: WorkflowsContext,
  workflow: WorkflowRow,
  run: RunRow,
  action: WorkflowAction,
): Promise<RunStep> {
  const t0 = performance.now();
  try {
    const result = await ctx.runAction(action, {
      workflow: { id: workflow.id, name: workflow.name },
      runId: run.id,
      run: run.context,
    });
    return {
      type: action.type,
      status: result.status,
      durationMs: Math.round(performance.now() - t0),
      message: result.message,
    };
  } catch (err) {
    return {
      type: action.type,
      status: 'failed',
      durationMs: Math.round(performance.now() - t0),
      message: 'Failed',
      error: err instanceof Error ? err.message : String(err),
    };
  }
}

/** Runs the claimed run's actions in order; the first failure fails the run and skips the rest. */
async function runSteps(
  ctx: WorkflowsContext,
  workflow: WorkflowRow,
  run: RunRow,
): Promise<{ steps: RunStep[]; error: string | null }> {
  const steps: RunStep[] = [];
  let error: string | null = null;
  for (const action of workflow.actions as WorkflowAction[]) {
    if (error) {
      steps.push({ type: action.type, status: 'not_run', durationMs: 0, message: 'Not run: an earlier step failed' });
      continue;
    }
    const step = await runStep(ctx, workflow, run, action);
    steps.push(step);
    if (step.status === 'failed') error = step.error!;
    // The log is readable while the run goes on.
    await ctx.db.update(workflowRuns).set({ steps }).where(eq(workflowRuns.id, run.id));
  }
  return { steps, error };
}

/** Records the outcome, releases the workflow's claim and prunes its old runs, in one write batch. */
async function finish(
  { db, clock }: WorkflowsStore,
  workflow: WorkflowRow,
  run: RunRow,
  steps: RunStep[],
  error: string | null,
): Promise<void> {
  const status = error ? 'failed' : 'completed';
  const finishedAt = clock.now();
  await db.batch([
    db.update(workflowRuns).set({ status, steps, error, finishedAt }).where(eq(workflowRuns.id, run.id)),
    db
      .update(workflows)
      .set({ status, claimToken: null, updatedAt: finishedAt })
      .where(and(eq(workflows.id, workflow.id), eq(workflows.claimToken, run.claimToken))),
    db.run(sql`DELETE FROM workflow_runs WHERE workflow_id = ${workflow.id} AND status != 'running' AND id NOT IN
      (SELECT id FROM workflow_runs WHERE workflow_id = ${workflow.id} ORDER BY id DESC LIMIT ${RUNS_KEPT})`),
  ]);
}

/** A failure is announced on its own; completions are routine and grouped into one notification. */
async function announce(
  { notifications }: WorkflowsContext,
  workflow: WorkflowRow,
  steps: RunStep[],
  error: string | null,
): Promise<void> {
  if (error) {
    const failedStep = steps.find((s) => s.status === 'failed');
    await notifications.create({
      type: 'error',
      title: 'Workflow Failed',
      message: `“${workflow.name}” failed at ${failedStep?.type.replace('_', ' ')}: ${error}`.slice(0, 1000),
      actionUrl: '/admin/workflows',
      actionText: 'View run log',
    });
    return;
  }
  const done = steps.filter((s) => s.status === 'done').length;
  const skipped = steps.filter((s) => s.status === 'skipped').length;
  await notifications.group({
    type: 'success',
    title: GROUPED_TITLES.workflowCompleted,
    message: `“${workflow.name}” completed: ${done} step${done === 1 ? '' : 's'} done${skipped ? `, ${skipped} skipped` : ''}.`,
    actionUrl: '/admin/workflows',
    actionText: 'View run log',
  });
}

async function perform(ctx: WorkflowsContext, workflow: WorkflowRow, run: RunRow): Promise<void> {
  const { steps, error } = await runSteps(ctx, workflow, run);
  await finish(ctx, workflow, run, steps, error);
  await announce(ctx, workflow, steps, error);
}

/** Starts the run in the background, tracked so tests and shutdown can wait for it. */
function launch(ctx: WorkflowsContext, workflow: WorkflowRow, run: RunRow): void {
  const p = perform(ctx, workflow, run)
    .catch((err: unknown) =>
      console.error(`[workflows] run ${run.id} failed to finish:`, err instanceof Error ? err.message : err),
    )
    .finally(() => ctx.inflight.delete(p));
  ctx.inflight.add(p);
}

/** Claims the workflow and starts its run in the background; null when the claim lost. */
export async function startRun(
  ctx: WorkflowsContext,
  id: number,
  context: RunContext,
  schedule?: Occurrence,
): Promise<RunRow | null> {
  const run = await claim(ctx, id, context, schedule);
  if (!run) return null;
  const workflow = await findRow(ctx.db, id);
  if (workflow) launch(ctx, workflow, run);
  return run;
}

/** POST /api/workflows/execute: 409 while disabled or running, otherwise the workflow, now running. */
export async function execute(ctx: WorkflowsContext, id: number): Promise<WorkflowExecution> {
  const run = await startRun(ctx, id, { trigger: 'manual' });
  const row = await findRow(ctx.db, id);
  if (!row) throw new AppError(404, WORKFLOW_NOT_FOUND);
  if (!run) {
    if (!row.enabled) throw new AppError(409, 'Workflow is disabled; enable it to run it');
    throw new AppError(409, 'Workflow is already running');
  }
  return { ...toWorkflow(row), status: 'running', runId: run.id };
}

/** Resolves when every run in flight has finished. */
export async function idle({ inflight }: WorkflowsContext): Promise<void> {
  while (inflight.size) await Promise.all([...inflight]);
}

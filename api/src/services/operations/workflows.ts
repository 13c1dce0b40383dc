import { randomUUID } from 'node:crypto';
import { Cron } from 'croner';
import { and, desc, eq, lte, ne, sql } from 'drizzle-orm';
import {
  WORKFLOW_EVENTS,
  type ScheduleConfig,
  type Workflow,
  type WorkflowAction,
  type WorkflowForm,
  type RunContext,
  type RunStep,
  type WorkflowExecution,
  type WorkflowRun,
} from 'content-schema/workflow';
import { AUTOMATION_TIMEZONE } from 'content-schema/site';
import type { Db } from '../../db/client.ts';
import { workflowRuns, workflows } from '../../db/schema-operations.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { Events } from '../../lib/events.ts';
import { every } from '../../lib/jobs.ts';
import type { PostChange } from '../changes.ts';
import type { ActionRunner } from './actions.ts';
import { GROUPED_TITLES, type NotificationsService } from './notifications.ts';

type Row = typeof workflows.$inferSelect;
type RunRow = typeof workflowRuns.$inferSelect;

export const WORKFLOW_NOT_FOUND = 'Workflow not found';
/** Runs shown per workflow. */
export const RUNS_LISTED = 20;
/** Runs kept per workflow; older ones are pruned when a run finishes. */
const RUNS_KEPT = 50;
/** Schedules are read in the publication's zone (spec §9). */
export const WORKFLOW_TIMEZONE = AUTOMATION_TIMEZONE;

function toWorkflow(row: Row): Workflow {
  return {
    id: row.id,
    name: row.name,
    trigger: row.trigger,
    event: row.event,
    actions: row.actions,
    enabled: row.enabled,
    scheduleConfig: row.scheduleConfig,
    status: row.status,
    executionCount: row.executionCount,
    lastRun: row.lastRun?.toISOString() ?? null,
    nextRun: row.nextRun?.toISOString() ?? null,
  };
}

function toRun(row: RunRow): WorkflowRun {
  return {
    id: row.id,
    workflowId: row.workflowId,
    trigger: row.trigger,
    context: row.context,
    status: row.status,
    steps: row.steps,
    error: row.error,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    durationMs: row.finishedAt ? row.finishedAt.getTime() - row.startedAt.getTime() : null,
  };
}

const invalid = (path: string, message: string) => new AppError(400, message, { issues: [{ path, message }] });

/**
 * The cron pattern of a schedule: minute and hour from `time` (default 09:00); hourly runs at that minute;
 * weekly on `days` as weekdays (0 = Sunday, default Monday); monthly on `days` as days of the month (default the 1st).
 */
export function cronPattern(config: ScheduleConfig): string {
  const [hour, minute] = (config.time ?? '09:00').split(':').map(Number) as [number, number];
  const days = [...new Set(config.days ?? [])].sort((a, b) => a - b);
  switch (config.frequency) {
    case 'hourly':
      return `${minute} * * * *`;
    case 'daily':
      return `${minute} ${hour} * * *`;
    case 'weekly':
      return `${minute} ${hour} * * ${(days.length ? days : [1]).join(',')}`;
    case 'monthly':
      return `${minute} ${hour} ${(days.length ? days : [1]).join(',')} * *`;
  }
}

/** The first occurrence of a schedule strictly after `from`, in the publication's zone (DST-aware). */
export function nextOccurrence(config: ScheduleConfig, from: Date): Date | null {
  return new Cron(cronPattern(config), { timezone: WORKFLOW_TIMEZONE }).nextRun(from);
}

/** Rules the form schema cannot express on its own: what each trigger needs. */
function checkForm(form: WorkflowForm): { event: Row['event']; scheduleConfig: ScheduleConfig | null } {
  if (form.trigger === 'event') {
    if (!form.event)
      throw invalid('event', `Choose the event that starts this workflow (${WORKFLOW_EVENTS.join(', ')})`);
    return { event: form.event, scheduleConfig: null };
  }
  if (form.trigger === 'schedule') {
    const config = form.scheduleConfig;
    if (!config) throw invalid('scheduleConfig', 'A scheduled workflow needs a frequency');
    if (config.time) {
      const [h, m] = config.time.split(':').map(Number) as [number, number];
      if (h > 23 || m > 59) throw invalid('scheduleConfig.time', 'Enter a time between 00:00 and 23:59');
    }
    if (config.frequency === 'weekly' && config.days?.some((d) => d > 6))
      throw invalid('scheduleConfig.days', 'Weekly days are weekdays 0 (Sunday) to 6 (Saturday)');
    if (config.frequency === 'monthly' && config.days?.some((d) => d < 1))
      throw invalid('scheduleConfig.days', 'Monthly days are days of the month 1 to 31');
    return { event: null, scheduleConfig: config };
  }
  return { event: null, scheduleConfig: null };
}

/** The spec's three samples (§3), seeded once into an empty table. */
export const SAMPLE_WORKFLOWS: WorkflowForm[] = [
  {
    name: 'Auto-Publish Schedule',
    trigger: 'schedule',
    scheduleConfig: { frequency: 'daily', time: '09:00' },
    actions: [
      { type: 'publish', config: { condition: 'tag:auto-publish' } },
      { type: 'notify', config: { recipients: ['editor'] } },
    ],
    enabled: true,
  },
  {
    name: 'Content Backup',
    trigger: 'schedule',
    scheduleConfig: { frequency: 'weekly', time: '03:00', days: [0] },
    actions: [{ type: 'backup', config: { destination: 'local' } }],
    enabled: true,
  },
  {
    name: 'SEO Optimization Check',
    trigger: 'event',
    event: 'post_published',
    actions: [{ type: 'seo_check' }],
    enabled: true,
  },
];

export type WorkflowsService = ReturnType<typeof createWorkflowsService>;

/**
 * Workflows, driven by rows. Starting a run is one write batch: a conditional UPDATE claims the workflow
 * (`enabled` and not `running`; for a schedule also "next_run is still the occurrence I saw") and an INSERT creates
 * the run only if this claim won. A scheduled occurrence is additionally unique per workflow in `workflow_runs`,
 * so it runs once across restarts and any number of instances. The run itself goes on in the background.
 */
export function createWorkflowsService(deps: {
  db: Db;
  clock: Clock;
  notifications: NotificationsService;
  runAction: ActionRunner;
}) {
  const { db, clock } = deps;
  const inflight = new Set<Promise<void>>();

  async function findRow(id: number): Promise<Row | undefined> {
    const [row] = await db.select().from(workflows).where(eq(workflows.id, id)).limit(1);
    return row;
  }

  async function get(id: number): Promise<Workflow> {
    const row = await findRow(id);
    if (!row) throw new AppError(404, WORKFLOW_NOT_FOUND);
    return toWorkflow(row);
  }

  async function list(): Promise<Workflow[]> {
    return (await db.select().from(workflows).orderBy(workflows.id)).map(toWorkflow);
  }

  function nextRunFor(trigger: Row['trigger'], enabled: boolean, config: ScheduleConfig | null): Date | null {
    return trigger === 'schedule' && enabled && config ? nextOccurrence(config, clock.now()) : null;
  }

  async function create(form: WorkflowForm): Promise<Workflow> {
    const { event, scheduleConfig } = checkForm(form);
    const now = clock.now();
    const [row] = await db
      .insert(workflows)
      .values({
        name: form.name,
        trigger: form.trigger,
        event,
        actions: form.actions,
        enabled: form.enabled,
        scheduleConfig,
        nextRun: nextRunFor(form.trigger, form.enabled, scheduleConfig),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return toWorkflow(row!);
  }

  async function update(id: number, form: WorkflowForm): Promise<Workflow> {
    const { event, scheduleConfig } = checkForm(form);
    const [row] = await db
      .update(workflows)
      .set({
        name: form.name,
        trigger: form.trigger,
        event,
        actions: form.actions,
        enabled: form.enabled,
        scheduleConfig,
        nextRun: nextRunFor(form.trigger, form.enabled, scheduleConfig),
        updatedAt: clock.now(),
      })
      .where(eq(workflows.id, id))
      .returning();
    if (!row) throw new AppError(404, WORKFLOW_NOT_FOUND);
    return toWorkflow(row);
  }

  async function remove(id: number): Promise<void> {
    const res = await db.delete(workflows).where(eq(workflows.id, id));
    if (res.rowsAffected === 0) throw new AppError(404, WORKFLOW_NOT_FOUND);
  }

  async function toggle(id: number, enabled: boolean): Promise<Workflow> {
    const before = await findRow(id);
    if (!before) throw new AppError(404, WORKFLOW_NOT_FOUND);
    const [row] = await db
      .update(workflows)
      .set({ enabled, nextRun: nextRunFor(before.trigger, enabled, before.scheduleConfig), updatedAt: clock.now() })
      .where(eq(workflows.id, id))
      .returning();
    if (!row) throw new AppError(404, WORKFLOW_NOT_FOUND);
    return toWorkflow(row);
  }

  async function runs(id: number): Promise<WorkflowRun[]> {
    if (!(await findRow(id))) throw new AppError(404, WORKFLOW_NOT_FOUND);
    const rows = await db
      .select()
      .from(workflowRuns)
      .where(eq(workflowRuns.workflowId, id))
      .orderBy(desc(workflowRuns.id))
      .limit(RUNS_LISTED);
    return rows.map(toRun);
  }

  /**
   * Claims the workflow and creates its run in one write batch; null when the claim lost (disabled, already
   * running, deleted, or for a schedule: the occurrence was taken by another instance).
   */
  async function claim(
    id: number,
    context: RunContext,
    schedule?: { occurrence: Date; next: Date | null },
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

  /** Runs the claimed run's actions in order; the first failure fails the run and skips the rest. */
  async function perform(workflow: Row, run: RunRow): Promise<void> {
    const steps: RunStep[] = [];
    let error: string | null = null;
    for (const action of workflow.actions as WorkflowAction[]) {
      if (error) {
        steps.push({ type: action.type, status: 'not_run', durationMs: 0, message: 'Not run: an earlier step failed' });
        continue;
      }
      const t0 = performance.now();
      try {
        const result = await deps.runAction(action, {
          workflow: { id: workflow.id, name: workflow.name },
          runId: run.id,
          run: run.context,
        });
        steps.push({
          type: action.type,
          status: result.status,
          durationMs: Math.round(performance.now() - t0),
          message: result.message,
        });
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
        steps.push({
          type: action.type,
          status: 'failed',
          durationMs: Math.round(performance.now() - t0),
          message: 'Failed',
          error,
        });
      }
      // The log is readable while the run goes on.
      await db.update(workflowRuns).set({ steps }).where(eq(workflowRuns.id, run.id));
    }
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
    const done = steps.filter((s) => s.status === 'done').length;
    const skipped = steps.filter((s) => s.status === 'skipped').length;
    const failedStep = steps.find((s) => s.status === 'failed');
    // A failure is announced on its own; completions are routine and grouped into one notification.
    await (error ? deps.notifications.create : deps.notifications.group)(
      error
        ? {
            type: 'error',
            title: 'Workflow Failed',
            message: `“${workflow.name}” failed at ${failedStep?.type.replace('_', ' ')}: ${error}`.slice(0, 1000),
            actionUrl: '/admin/workflows',
            actionText: 'View run log',
          }
        : {
            type: 'success',
            title: GROUPED_TITLES.workflowCompleted,
            message: `“${workflow.name}” completed: ${done} step${done === 1 ? '' : 's'} done${skipped ? `, ${skipped} skipped` : ''}.`,
            actionUrl: '/admin/workflows',
            actionText: 'View run log',
          },
    );
  }

  /** Starts the run in the background, tracked so tests and shutdown can wait for it. */
  function launch(workflow: Row, run: RunRow): void {
    const p = perform(workflow, run)
      .catch((err: unknown) =>
        console.error(`[workflows] run ${run.id} failed to finish:`, err instanceof Error ? err.message : err),
      )
      .finally(() => inflight.delete(p));
    inflight.add(p);
  }

  async function startRun(
    id: number,
    context: RunContext,
    schedule?: { occurrence: Date; next: Date | null },
  ): Promise<RunRow | null> {
    const run = await claim(id, context, schedule);
    if (!run) return null;
    const workflow = await findRow(id);
    if (workflow) launch(workflow, run);
    return run;
  }

  /** POST /api/workflows/execute: 409 while disabled or running (spec §4), otherwise the workflow, now running. */
  async function execute(id: number): Promise<WorkflowExecution> {
    const run = await startRun(id, { trigger: 'manual' });
    const row = await findRow(id);
    if (!row) throw new AppError(404, WORKFLOW_NOT_FOUND);
    if (!run) {
      if (!row.enabled) throw new AppError(409, 'Workflow is disabled; enable it to run it');
      throw new AppError(409, 'Workflow is already running');
    }
    return { ...toWorkflow(row), status: 'running', runId: run.id };
  }

  /** Claims and starts every due scheduled occurrence; several missed occurrences (server down) run once. */
  async function tick(): Promise<number[]> {
    const now = clock.now();
    const due = await db
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
        row.id,
        { trigger: 'schedule', occurrence: occurrence.toISOString() },
        { occurrence, next: nextOccurrence(row.scheduleConfig, now) },
      );
      if (run) started.push(run.id);
    }
    return started;
  }

  /** Starts the enabled workflows listening for an event. */
  async function onEvent(event: Row['event'] & string, post?: RunContext['post']): Promise<number[]> {
    const listening = await db
      .select({ id: workflows.id })
      .from(workflows)
      .where(and(eq(workflows.trigger, 'event'), eq(workflows.event, event), eq(workflows.enabled, true)));
    const started: number[] = [];
    for (const { id } of listening) {
      const run = await startRun(id, { trigger: 'event', event, ...(post ? { post } : {}) });
      // A workflow already running does not queue a second run for the event (this also stops feedback loops).
      if (run) started.push(run.id);
      else console.warn(`[workflows] workflow ${id} skipped ${event}: disabled or already running`);
    }
    return started;
  }

  function subscribe(events: Events): void {
    events.on('build_failed', () => onEvent('build_failed').then(() => {}));
  }

  /** Publications and unpublications, from the change record (once across instances). */
  async function onChanges(changes: PostChange[]): Promise<void> {
    for (const c of changes) {
      if (c.kind === 'published') await onEvent('post_published', { id: c.postId, slug: c.newSlug!, title: c.title });
      else if (c.kind === 'unpublished') await onEvent('post_unpublished', { id: c.postId, slug: c.oldSlug!, title: c.title });
    }
  }

  /** The spec's samples, once: AUTOINCREMENT remembers that the table ever held rows, so deleting them all sticks. */
  async function seedIfEmpty(): Promise<number> {
    const seq = await db.$client.execute(`SELECT seq FROM sqlite_sequence WHERE name = 'workflows'`);
    if (seq.rows.length > 0) return 0;
    const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)` }).from(workflows);
    if (n > 0) return 0;
    for (const sample of SAMPLE_WORKFLOWS) await create(sample);
    return SAMPLE_WORKFLOWS.length;
  }

  /**
   * At start: runs left 'running' by a crash are failed (like the builder, this assumes one instance restarts
   * at a time), and schedules get a next run if they lack one.
   */
  async function recover(): Promise<void> {
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

  /** Ticks the schedule; an occurrence that fell due while the server was down runs on the first tick. */
  function start(intervalMs = 5000): () => void {
    return every('workflows', intervalMs, tick);
  }

  return {
    list,
    get,
    create,
    update,
    remove,
    toggle,
    runs,
    execute,
    tick,
    onEvent,
    subscribe,
    onChanges,
    seedIfEmpty,
    recover,
    start,
    /** Resolves when every run in flight has finished. */
    idle: async () => {
      while (inflight.size) await Promise.all([...inflight]);
    },
  };
}

import { desc, eq } from 'drizzle-orm';
import type { Workflow, WorkflowForm, WorkflowRun } from 'content-schema/workflow';
import { workflowRuns, workflows } from '../../../db/schema-operations.ts';
import { AppError } from '../../../lib/errors.ts';
import type { WorkflowsStore } from './context.ts';
import { nextRunFor } from './cron.ts';
import { findRow, toRun, toWorkflow, WORKFLOW_NOT_FOUND } from './rows.ts';
import { checkForm } from './validate.ts';

/** Runs shown per workflow. */
export const RUNS_LISTED = 20;

export async function list({ db }: WorkflowsStore): Promise<Workflow[]> {
  return (await db.select().from(workflows).orderBy(workflows.id)).map(toWorkflow);
}

export async function get({ db }: WorkflowsStore, id: number): Promise<Workflow> {
  const row = await findRow(db, id);
  if (!row) throw new AppError(404, WORKFLOW_NOT_FOUND);
  return toWorkflow(row);
}

export async function create({ db, clock }: WorkflowsStore, form: WorkflowForm): Promise<Workflow> {
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
      nextRun: nextRunFor(form.trigger, form.enabled, scheduleConfig, now),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return toWorkflow(row!);
}

export async function update({ db, clock }: WorkflowsStore, id: number, form: WorkflowForm): Promise<Workflow> {
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
      nextRun: nextRunFor(form.trigger, form.enabled, scheduleConfig, clock.now()),
      updatedAt: clock.now(),
    })
    .where(eq(workflows.id, id))
    .returning();
  if (!row) throw new AppError(404, WORKFLOW_NOT_FOUND);
  return toWorkflow(row);
}

export async function remove({ db }: WorkflowsStore, id: number): Promise<void> {
  const res = await db.delete(workflows).where(eq(workflows.id, id));
  if (res.rowsAffected === 0) throw new AppError(404, WORKFLOW_NOT_FOUND);
}

export async function toggle({ db, clock }: WorkflowsStore, id: number, enabled: boolean): Promise<Workflow> {
  const before = await findRow(db, id);
  if (!before) throw new AppError(404, WORKFLOW_NOT_FOUND);
  const [row] = await db
    .update(workflows)
    .set({
      enabled,
      nextRun: nextRunFor(before.trigger, enabled, before.scheduleConfig, clock.now()),
      updatedAt: clock.now(),
    })
    .where(eq(workflows.id, id))
    .returning();
  if (!row) throw new AppError(404, WORKFLOW_NOT_FOUND);
  return toWorkflow(row);
}

/** The workflow's latest runs, newest first. */
export async function listRuns({ db }: WorkflowsStore, id: number): Promise<WorkflowRun[]> {
  if (!(await findRow(db, id))) throw new AppError(404, WORKFLOW_NOT_FOUND);
  const rows = await db
    .select()
    .from(workflowRuns)
    .where(eq(workflowRuns.workflowId, id))
    .orderBy(desc(workflowRuns.id))
    .limit(RUNS_LISTED);
  return rows.map(toRun);
}

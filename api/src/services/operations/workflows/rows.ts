import { eq } from 'drizzle-orm';
import type { Workflow, WorkflowRun } from 'content-schema/workflow';
import type { Db } from '../../../db/client.ts';
import { workflowRuns, workflows } from '../../../db/schema-operations.ts';

export type WorkflowRow = typeof workflows.$inferSelect;
export type RunRow = typeof workflowRuns.$inferSelect;

export const WORKFLOW_NOT_FOUND = 'Workflow not found';

export function toWorkflow(row: WorkflowRow): Workflow {
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

export function toRun(row: RunRow): WorkflowRun {
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

export async function findRow(db: Db, id: number): Promise<WorkflowRow | undefined> {
  const [row] = await db.select().from(workflows).where(eq(workflows.id, id)).limit(1);
  return row;
}

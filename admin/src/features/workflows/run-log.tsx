import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Workflow } from 'content-schema/workflow';
import { Badge, type BadgeVariant } from '../../components/ui/badge.tsx';
import type { RunStep, WorkflowRun } from 'content-schema/workflow';
import { useWorkflowRuns, workflowRunsQueryKey } from './api/get-workflow-runs.ts';
import { ACTION_LABELS } from './workflow-form-values.ts';
import { formatDateTime } from 'content-schema/format';

const STEP_VARIANT: Record<RunStep['status'], BadgeVariant> = {
  done: 'success',
  skipped: 'outline',
  failed: 'destructive',
  not_run: 'secondary',
};
const RUN_VARIANT: Record<WorkflowRun['status'], BadgeVariant> = {
  running: 'secondary',
  completed: 'success',
  failed: 'destructive',
};

function triggerText(run: WorkflowRun): string {
  if (run.trigger === 'event')
    return `event ${run.context.event?.replace(/_/g, ' ') ?? ''}${run.context.post ? `: “${run.context.post.title}”` : ''}`;
  if (run.trigger === 'schedule') return 'schedule';
  return 'manual run';
}

/** The newest runs of a workflow with each step's outcome, duration and error. */
export function RunLog({
  workflowId,
  lastRun,
  status,
}: {
  workflowId: number;
  lastRun: string | null;
  status: Workflow['status'];
}) {
  const runs = useWorkflowRuns(workflowId);
  const queryClient = useQueryClient();
  // A new run, or one that finished, makes the log stale.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: workflowRunsQueryKey(workflowId) });
  }, [queryClient, workflowId, lastRun, status]);

  if (runs.isPending) return <p className="text-sm text-muted-foreground">Loading run log...</p>;
  if (runs.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        Could not load the run log.
      </p>
    );
  if (runs.data.length === 0) return <p className="text-sm text-muted-foreground">This workflow has not run yet.</p>;
  return (
    <ol className="grid gap-3" aria-label="Run log">
      {runs.data.map((run) => (
        <li key={run.id} className="rounded-md border p-3 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={RUN_VARIANT[run.status]}>{run.status}</Badge>
            <span>{formatDateTime(run.startedAt, { seconds: true })}</span>
            <span className="text-muted-foreground">· {triggerText(run)}</span>
            {run.durationMs !== null ? <span className="text-muted-foreground">· {run.durationMs} ms</span> : null}
          </div>
          {run.steps.length ? (
            <ul className="mt-2 grid gap-1">
              {run.steps.map((step, i) => (
                <li key={i} className="flex flex-wrap items-baseline gap-2">
                  <Badge variant={STEP_VARIANT[step.status]}>{step.status.replace('_', ' ')}</Badge>
                  <span className="font-medium">
                    {ACTION_LABELS[step.type as keyof typeof ACTION_LABELS] ?? step.type}
                  </span>
                  <span className="text-muted-foreground">{step.durationMs} ms</span>
                  <span>{step.error ?? step.message}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { RUNNING_REFRESH_MS } from './get-workflows.ts';

export const RunStepSchema = z.object({
  type: z.string(),
  status: z.enum(['done', 'skipped', 'failed', 'not_run']),
  durationMs: z.number(),
  message: z.string(),
  error: z.string().optional(),
});
export type RunStep = z.infer<typeof RunStepSchema>;

export const WorkflowRunSchema = z.object({
  id: z.number(),
  workflowId: z.number(),
  trigger: z.enum(['manual', 'schedule', 'event']),
  context: z
    .object({
      event: z.string().optional(),
      occurrence: z.string().optional(),
      post: z.object({ title: z.string() }).passthrough().optional(),
    })
    .passthrough(),
  status: z.enum(['running', 'completed', 'failed']),
  steps: z.array(RunStepSchema),
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().nullable(),
});
export type WorkflowRun = z.infer<typeof WorkflowRunSchema>;

export const workflowRunsQueryKey = (id: number) => ['workflows', id, 'runs'] as const;

export function getWorkflowRuns(id: number, signal?: AbortSignal): Promise<WorkflowRun[]> {
  return apiRequest(`/workflows/${id}/runs`, { schema: z.array(WorkflowRunSchema), signal });
}

export const workflowRunsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: workflowRunsQueryKey(id),
    queryFn: ({ signal }) => getWorkflowRuns(id, signal),
    refetchInterval: (query) => (query.state.data?.some((r) => r.status === 'running') ? RUNNING_REFRESH_MS : false),
  });

export function useWorkflowRuns(id: number) {
  return useQuery(workflowRunsQueryOptions(id));
}

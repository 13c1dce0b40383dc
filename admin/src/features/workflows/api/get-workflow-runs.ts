import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { WorkflowRunSchema, type WorkflowRun } from 'content-schema/workflow';
import { apiRequest } from '../../../lib/api-client.ts';
import { RUNNING_REFRESH_MS } from './get-workflows.ts';

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

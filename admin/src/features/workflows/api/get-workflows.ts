import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { WorkflowSchema, type Workflow } from 'content-schema/workflow';
import { apiRequest } from '../../../lib/api-client.ts';

export const workflowsQueryKey = ['workflows'] as const;

/** While a run goes on in the background, the list is re-read every second until it ends. */
export const RUNNING_REFRESH_MS = 1000;

export function getWorkflows(signal?: AbortSignal): Promise<Workflow[]> {
  return apiRequest('/workflows', { schema: z.array(WorkflowSchema), signal });
}

export const workflowsQueryOptions = queryOptions({
  queryKey: workflowsQueryKey,
  queryFn: ({ signal }) => getWorkflows(signal),
  meta: { errorToast: { title: 'Failed to load workflows', variant: 'destructive' } },
  // The admin does not poll; but a run started here finishes on the server, so poll only while one is running.
  refetchInterval: (query) => (query.state.data?.some((w) => w.status === 'running') ? RUNNING_REFRESH_MS : false),
});

export function useWorkflows() {
  return useQuery(workflowsQueryOptions);
}

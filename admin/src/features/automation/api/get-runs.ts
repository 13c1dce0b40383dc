import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { RunSchema, type Run } from 'content-schema/automation';
import { apiRequest } from '../../../lib/api-client.ts';

export const runsQueryKey = ['automation', 'runs'] as const;

export function getRuns(signal?: AbortSignal): Promise<Run[]> {
  return apiRequest('/automation/runs', { schema: z.array(RunSchema), signal });
}

export const runsQueryOptions = queryOptions({
  queryKey: runsQueryKey,
  queryFn: ({ signal }) => getRuns(signal),
});

export function useRuns() {
  return useQuery(runsQueryOptions);
}

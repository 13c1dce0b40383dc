import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/** A generation attempt (api/src/services/automation/schemas.ts RunSchema). */
export const RunSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['daily', 'deep-dive']),
  trigger: z.enum(['manual', 'schedule']),
  slotDate: z.string().nullable(),
  status: z.enum(['running', 'succeeded', 'failed', 'skipped']),
  topic: z.string().nullable(),
  postId: z.number().int().nullable(),
  provider: z.string().nullable(),
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Run = z.infer<typeof RunSchema>;

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

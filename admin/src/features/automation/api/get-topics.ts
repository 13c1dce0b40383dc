import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, toSearch } from '../../../lib/api-client.ts';

/** A queued topic (api/src/services/automation/schemas.ts TopicSchema). */
export const TopicSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['daily', 'deep-dive']),
  category: z.string(),
  topic: z.string(),
  personaId: z.string().nullable(),
  source: z.enum(['seed', 'admin']),
  usedAt: z.string().nullable(),
  postId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type Topic = z.infer<typeof TopicSchema>;

export const topicsQueryKey = ['automation', 'topics'] as const;

export function getTopics(kind: Topic['kind'], signal?: AbortSignal): Promise<Topic[]> {
  return apiRequest(`/automation/topics${toSearch({ kind })}`, { schema: z.array(TopicSchema), signal });
}

export function topicsQueryOptions(kind: Topic['kind']) {
  return queryOptions({
    queryKey: [...topicsQueryKey, kind],
    queryFn: ({ signal }) => getTopics(kind, signal),
    meta: { errorToast: { title: 'Failed to fetch topics', variant: 'destructive' } },
  });
}

export function useTopics(kind: Topic['kind']) {
  return useQuery(topicsQueryOptions(kind));
}

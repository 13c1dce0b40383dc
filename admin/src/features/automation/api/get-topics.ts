import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { TopicSchema, type Topic } from 'content-schema/automation';
import { apiRequest, toSearch } from '../../../lib/api-client.ts';

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

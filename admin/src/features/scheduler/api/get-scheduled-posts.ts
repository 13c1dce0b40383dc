import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ScheduledPostSchema, type ScheduledPost } from 'content-schema/schedule';
import { apiRequest } from '../../../lib/api-client.ts';

export const scheduledPostsQueryKey = ['scheduled-posts'] as const;

export function getScheduledPosts(signal?: AbortSignal): Promise<ScheduledPost[]> {
  return apiRequest('/scheduled-posts', { schema: z.array(ScheduledPostSchema), signal });
}

export const scheduledPostsQueryOptions = queryOptions({
  queryKey: scheduledPostsQueryKey,
  queryFn: ({ signal }) => getScheduledPosts(signal),
});

export function useScheduledPosts() {
  return useQuery(scheduledPostsQueryOptions);
}

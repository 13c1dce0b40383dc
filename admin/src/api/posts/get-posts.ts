import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { PostSummarySchema, type PostSummary } from 'content-schema/post';
import { apiRequest, toSearch } from '../../lib/api-client.ts';

export type PublishedFilter = 'all' | 'published' | 'drafts';

const PostSummaryListSchema = z.array(PostSummarySchema);

/** Every post list key starts with this, so one invalidation refreshes them all. */
export const postsQueryKey = ['posts'] as const;

export function getPosts(filter: PublishedFilter, signal?: AbortSignal): Promise<PostSummary[]> {
  const published = filter === 'all' ? undefined : filter === 'published';
  return apiRequest(`/posts${toSearch({ published, fields: 'summary' })}`, { schema: PostSummaryListSchema, signal });
}

export function postsQueryOptions(filter: PublishedFilter) {
  return queryOptions({
    queryKey: [...postsQueryKey, 'list', filter],
    queryFn: ({ signal }) => getPosts(filter, signal),
    meta: { errorToast: { title: 'Failed to fetch posts', variant: 'destructive' } },
  });
}

export function usePosts(filter: PublishedFilter) {
  return useQuery(postsQueryOptions(filter));
}

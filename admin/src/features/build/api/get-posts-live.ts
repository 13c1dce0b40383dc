import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { PostLiveSchema, type BuildStatus, type PostLive } from 'content-schema/build';
import { apiRequest } from '../../../lib/api-client.ts';
import { useBuildStatus } from './get-build-status.ts';

const PostLiveListSchema = z.array(PostLiveSchema);

/** GET /api/build/posts?ids=…: how each post's latest public change went live (the API reads at most 500 ids). */
export function getPostsLive(ids: readonly number[], signal?: AbortSignal): Promise<PostLive[]> {
  return apiRequest(`/build/posts?ids=${ids.join(',')}`, { schema: PostLiveListSchema, signal });
}

/**
 * Where the site stands: a post change or a finished build moves it. Part of the key, so the answer is asked
 * again exactly when the build status (refreshed after every post mutation, polled only while a build runs)
 * says something changed, and never polled on its own.
 */
export function siteVersion(status: BuildStatus): string {
  return `${status.latestChange}:${status.builtThrough}:${status.last?.id ?? 0}`;
}

export function postsLiveQueryOptions(ids: readonly number[], version: string) {
  return queryOptions({
    queryKey: ['build', 'posts', ids.join(','), version],
    queryFn: ({ signal }) => getPostsLive(ids, signal),
    // Keep the old answer on screen while the next version loads, so the cards do not flicker.
    placeholderData: keepPreviousData,
  });
}

/** How the given posts' latest changes went live, by post id; refreshed when the site moves on. */
export function usePostsLive(ids: readonly number[]) {
  const status = useBuildStatus();
  const version = status.data ? siteVersion(status.data) : null;
  const query = useQuery({
    ...postsLiveQueryOptions(ids, version ?? ''),
    enabled: ids.length > 0 && version !== null,
  });
  const byPost = new Map((query.data ?? []).map((live) => [live.postId, live]));
  return { byPost, builtThrough: status.data?.builtThrough ?? null, isError: query.isError };
}

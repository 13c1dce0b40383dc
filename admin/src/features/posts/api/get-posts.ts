import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { PostSummarySchema, type PostSummary } from 'content-schema/post';
import { apiRequest, toSearch } from '../../../lib/api-client.ts';

export type PublishedFilter = 'all' | 'published' | 'drafts';

const PostSummaryListSchema = z.array(PostSummarySchema);

/** Every post list key starts with this, so one invalidation refreshes them all. */
export const postsQueryKey = ['posts'] as const;

/** Posts per page of the dashboard list, so a large archive never renders thousands of cards at once. */
export const POSTS_PAGE_SIZE = 48;

interface Page {
  limit: number;
  offset: number;
}

/** Newest first, without bodies; all of them, or one page. */
export function getPosts(filter: PublishedFilter, signal?: AbortSignal, page?: Page): Promise<PostSummary[]> {
  const published = filter === 'all' ? undefined : filter === 'published';
  return apiRequest(`/posts${toSearch({ published, fields: 'summary', limit: page?.limit, offset: page?.offset })}`, {
    schema: PostSummaryListSchema,
    signal,
  });
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

/** The dashboard's list, a page at a time ("Show more" loads the next). */
export function postPagesQueryOptions(filter: PublishedFilter) {
  return infiniteQueryOptions({
    queryKey: [...postsQueryKey, 'list', 'pages', filter],
    queryFn: ({ signal, pageParam }) => getPosts(filter, signal, { limit: POSTS_PAGE_SIZE, offset: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (lastPage, _pages, lastOffset) =>
      lastPage.length < POSTS_PAGE_SIZE ? undefined : lastOffset + POSTS_PAGE_SIZE,
    meta: { errorToast: { title: 'Failed to fetch posts', variant: 'destructive' } },
  });
}

export function usePostPages(filter: PublishedFilter) {
  return useInfiniteQuery(postPagesQueryOptions(filter));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { PostSchema, type Post } from 'content-schema/post';
import { apiRequest } from '../../../lib/api-client.ts';
import { postsQueryKey } from './get-posts.ts';

export function getPost(id: number, signal?: AbortSignal): Promise<Post> {
  return apiRequest(`/posts/${id}`, { schema: PostSchema, signal });
}

export function postQueryKey(id: number) {
  return [...postsQueryKey, 'detail', id] as const;
}

export function postQueryOptions(id: number) {
  return queryOptions({
    queryKey: postQueryKey(id),
    queryFn: ({ signal }) => getPost(id, signal),
  });
}

export function usePost(id: number | null) {
  return useQuery({ ...postQueryOptions(id ?? 0), enabled: id !== null });
}

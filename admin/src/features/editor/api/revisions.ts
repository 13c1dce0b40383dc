import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PostSchema, type Post } from 'content-schema/post';
import { RevisionPageSchema, RevisionSchema, type Revision } from 'content-schema/revisions';
import { apiRequest, toSearch } from '../../../lib/api-client.ts';
import { buildStatusQueryKey } from '../../build/index.ts';
import { postQueryKey, postsQueryKey } from '../../posts/index.ts';

export const REVISIONS_PAGE = 10;

export function revisionsQueryKey(postId: number) {
  return [...postsQueryKey, 'revisions', postId] as const;
}

/** A post's revisions, newest first, `limit` of them (the panel shows more on request). */
export function useRevisions(postId: number, limit: number) {
  return useQuery({
    queryKey: [...revisionsQueryKey(postId), limit],
    queryFn: ({ signal }) =>
      apiRequest(`/posts/${postId}/revisions${toSearch({ limit })}`, { schema: RevisionPageSchema, signal }),
    placeholderData: keepPreviousData,
    meta: { errorToast: { title: 'Failed to load revisions', variant: 'destructive' } },
  });
}

export function getRevision(id: number, signal?: AbortSignal): Promise<Revision> {
  return apiRequest(`/revisions/${id}`, { schema: RevisionSchema, signal });
}

/** One revision in full, for its diff; loaded when the editor opens it. */
export function useRevision(id: number | null) {
  return useQuery({
    queryKey: ['revision', id],
    queryFn: ({ signal }) => getRevision(id!, signal),
    enabled: id !== null,
    meta: { errorToast: { title: 'Failed to load the revision', variant: 'destructive' } },
  });
}

/** Saves a revision's words as the post's new version (409 if the post moved on since `version`). */
export function useRestoreRevision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }): Promise<Post> =>
      apiRequest(`/revisions/${id}/restore`, { method: 'POST', body: { version }, schema: PostSchema }),
    meta: {
      successToast: { title: 'Revision restored', description: 'It was saved as a new revision.' },
      errorToast: { title: 'Failed to restore the revision', variant: 'destructive' },
    },
    onSuccess: async (post) => {
      queryClient.setQueryData(postQueryKey(post.id), post);
      await queryClient.invalidateQueries({ queryKey: revisionsQueryKey(post.id) });
      await queryClient.invalidateQueries({ queryKey: [...postsQueryKey, 'list'] });
      await queryClient.invalidateQueries({ queryKey: buildStatusQueryKey });
    },
  });
}

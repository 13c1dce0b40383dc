import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PostSchema, type Post, type PostInput } from 'content-schema/post';
import { PostConflictSchema } from 'content-schema/revisions';
import { apiRequest, isApiError } from '../../../lib/api-client.ts';
import { postsQueryKey } from './get-posts.ts';
import { buildStatusQueryKey } from '../../build/index.ts';
import { postQueryKey } from './get-post.ts';

export interface UpdatePostVariables {
  id: number;
  /** The full post, or a subset (the publish toggle sends only `published`). */
  input: Partial<PostInput> & {
    /** The version the editor started from: a post saved elsewhere since answers 409 (see `postConflict`). */
    version?: number;
    /** The working copy revision the editor last saw: the save removes the copy up to it. */
    copyRevision?: number;
  };
}

/** The post as it is now, from a save's 409 answer (it was saved elsewhere since the editor opened it). */
export function postConflict(error: unknown): Post | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const parsed = PostConflictSchema.safeParse(error.json);
  return parsed.success ? parsed.data.current : null;
}

export function updatePost({ id, input }: UpdatePostVariables): Promise<Post> {
  return apiRequest(`/posts/${id}`, { method: 'PUT', body: input, schema: PostSchema });
}

function useInvalidatingUpdate() {
  const queryClient = useQueryClient();
  return async (post: Post) => {
    queryClient.setQueryData(postQueryKey(post.id), post);
    await queryClient.invalidateQueries({ queryKey: [...postsQueryKey, 'list'] });
    await queryClient.invalidateQueries({ queryKey: ['analytics'], refetchType: 'none' });
    await queryClient.invalidateQueries({ queryKey: buildStatusQueryKey });
  };
}

/** Saves the editor's post. */
export function useUpdatePost() {
  const onSuccess = useInvalidatingUpdate();
  return useMutation({
    mutationFn: updatePost,
    meta: {
      successToast: { title: 'Post updated successfully' },
      errorToast: { title: 'Failed to update post', variant: 'destructive' },
    },
    onSuccess,
  });
}

/** Publishes or unpublishes a post from the dashboard. */
export function useTogglePublished() {
  const onSuccess = useInvalidatingUpdate();
  return useMutation({
    mutationFn: ({ id, published }: { id: number; published: boolean }) => updatePost({ id, input: { published } }),
    meta: {
      successToast: (post) => ({
        title: 'Post updated successfully',
        description: isPost(post) && post.published ? 'The post is now published.' : 'The post is now a draft.',
      }),
      errorToast: { title: 'Failed to update post', variant: 'destructive' },
    },
    onSuccess,
  });
}

function isPost(value: unknown): value is Post {
  return PostSchema.safeParse(value).success;
}

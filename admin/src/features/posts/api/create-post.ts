import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PostSchema, type Post, type PostInput } from 'content-schema/post';
import { apiRequest } from '../../../lib/api-client.ts';
import { postsQueryKey } from './get-posts.ts';
import { buildStatusQueryKey } from '../../build/index.ts';
import { postQueryKey } from './get-post.ts';

export function createPost(input: PostInput): Promise<Post> {
  return apiRequest('/posts', { method: 'POST', body: input, schema: PostSchema });
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    meta: {
      successToast: { title: 'Post created successfully' },
      errorToast: { title: 'Failed to create post', variant: 'destructive' },
    },
    onSuccess: async (post) => {
      queryClient.setQueryData(postQueryKey(post.id), post);
      await queryClient.invalidateQueries({ queryKey: postsQueryKey, refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: ['analytics'], refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: buildStatusQueryKey });
    },
  });
}

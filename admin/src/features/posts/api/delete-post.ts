import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { postsQueryKey } from './get-posts.ts';
import { buildStatusQueryKey } from '../../build/index.ts';

export function deletePost(id: number): Promise<void> {
  return apiRequest(`/posts/${id}`, { method: 'DELETE' });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    meta: {
      successToast: { title: 'Post deleted successfully' },
      errorToast: { title: 'Error', description: 'Failed to delete post', variant: 'destructive' },
    },
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: [...postsQueryKey, 'detail', id] });
      await queryClient.invalidateQueries({ queryKey: [...postsQueryKey, 'list'] });
      await queryClient.invalidateQueries({ queryKey: ['scheduled-posts'] });
      await queryClient.invalidateQueries({ queryKey: ['analytics'], refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: buildStatusQueryKey });
    },
  });
}

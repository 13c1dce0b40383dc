import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ScheduledPostSchema, type ScheduledPost } from 'content-schema/schedule';
import { apiRequest } from '../../../lib/api-client.ts';
import { scheduledPostsQueryKey } from './get-scheduled-posts.ts';

export function cancelScheduledPost(id: number): Promise<ScheduledPost> {
  return apiRequest(`/scheduled-posts/${id}`, { method: 'DELETE', schema: ScheduledPostSchema });
}

export function useCancelScheduledPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelScheduledPost,
    meta: {
      successToast: { title: 'Schedule Canceled', description: 'The scheduled post has been canceled.' },
      errorToast: { title: 'Failed to cancel scheduled post', variant: 'destructive' },
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduledPostsQueryKey }),
  });
}

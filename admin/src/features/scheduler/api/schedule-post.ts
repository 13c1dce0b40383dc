import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ScheduledPostSchema, type ScheduledPost, type SchedulePayload } from 'content-schema/schedule';
import { apiRequest } from '../../../lib/api-client.ts';
import { scheduledPostsQueryKey } from './get-scheduled-posts.ts';

export function schedulePost(payload: SchedulePayload): Promise<ScheduledPost> {
  return apiRequest('/schedule-post', { method: 'POST', body: payload, schema: ScheduledPostSchema });
}

export function useSchedulePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: schedulePost,
    meta: {
      successToast: { title: 'Post Scheduled', description: 'Your post has been scheduled for publication.' },
      errorToast: { title: 'Failed to schedule post', variant: 'destructive' },
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduledPostsQueryKey }),
  });
}

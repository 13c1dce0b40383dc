import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PostSchema, type Post } from 'content-schema/post';
import { apiRequest } from '../../../lib/api-client.ts';
import { postsQueryKey } from '../../posts/index.ts';

export type GenerationKind = 'daily' | 'deep-dive';

const PATHS: Record<GenerationKind, string> = {
  daily: '/automation/daily-post',
  'deep-dive': '/automation/weekly-deepdive',
};

/** POST /api/automation/daily-post or /weekly-deepdive (empty body): the draft the server saved. */
export function generatePost(kind: GenerationKind): Promise<Post> {
  return apiRequest(PATHS[kind], { method: 'POST', schema: PostSchema });
}

/** Toasts the outcome; on success the posts list and the automation status refresh. */
const TOASTS: Record<GenerationKind, { success: string; failure: string }> = {
  daily: { success: 'Daily Post Generated', failure: 'Could not generate daily post. Please try again.' },
  'deep-dive': { success: 'Deep Dive Generated', failure: 'Could not generate Deep Dive post. Please try again.' },
};

export function useGeneratePost(kind: GenerationKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => generatePost(kind),
    meta: {
      successToast: (post) => ({
        title: TOASTS[kind].success,
        description: `“${(post as Post).title}” was saved as a draft for review.`,
      }),
      errorToast: { title: 'Generation Failed', description: TOASTS[kind].failure, variant: 'destructive' },
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: postsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['analytics'] }),
        // Status, topic queues and recent runs all live under ['automation'].
        queryClient.invalidateQueries({ queryKey: ['automation'] }),
      ]);
    },
  });
}

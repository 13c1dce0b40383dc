import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { automationStatusQueryKey } from './get-automation-status.ts';
import { TopicSchema, type Topic, type TopicInput } from 'content-schema/automation';
import { topicsQueryKey } from './get-topics.ts';

/** POST /api/automation/topics: adds a topic at the end of its queue. */
export function addTopic(input: TopicInput): Promise<Topic> {
  return apiRequest('/automation/topics', { method: 'POST', body: input, schema: TopicSchema });
}

export function useAddTopic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTopic,
    meta: {
      successToast: { title: 'Topic Added', description: 'The topic was added to the end of its queue.' },
      errorToast: { title: 'Failed to add topic', variant: 'destructive' },
    },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: topicsQueryKey }),
        queryClient.invalidateQueries({ queryKey: automationStatusQueryKey }),
      ]);
    },
  });
}

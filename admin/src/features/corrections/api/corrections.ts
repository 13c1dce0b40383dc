import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CorrectionListSchema,
  CorrectionSchema,
  type Correction,
  type CorrectionInput,
  type CorrectionUpdate,
} from 'content-schema/corrections';
import { apiRequest } from '../../../lib/api-client.ts';
import { buildStatusQueryKey } from '../../build/index.ts';

export const correctionsQueryKey = (postId: number) => ['corrections', postId] as const;

export function useCorrections(postId: number) {
  return useQuery({
    queryKey: correctionsQueryKey(postId),
    queryFn: async ({ signal }) =>
      (await apiRequest(`/posts/${postId}/corrections`, { schema: CorrectionListSchema, signal })).corrections,
  });
}

function useRefresh(postId: number) {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: correctionsQueryKey(postId) });
    await queryClient.invalidateQueries({ queryKey: buildStatusQueryKey });
  };
}

/** Records a correction; the form shows the server's field messages itself. */
export function useRecordCorrection(postId: number) {
  const onSuccess = useRefresh(postId);
  return useMutation({
    mutationFn: (input: CorrectionInput): Promise<Correction> =>
      apiRequest(`/posts/${postId}/corrections`, { method: 'POST', body: input, schema: CorrectionSchema }),
    meta: {
      successToast: {
        title: 'Correction published',
        description: 'The article, the corrections log and the feeds show it.',
      },
      errorToast: { title: 'Failed to record the correction', variant: 'destructive' },
    },
    onSuccess,
  });
}

export function useUpdateCorrection(postId: number) {
  const onSuccess = useRefresh(postId);
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: CorrectionUpdate }): Promise<Correction> =>
      apiRequest(`/corrections/${id}`, { method: 'PUT', body: input, schema: CorrectionSchema }),
    meta: {
      successToast: { title: 'Correction updated' },
      errorToast: { title: 'Failed to update the correction', variant: 'destructive' },
    },
    onSuccess,
  });
}

export function useWithdrawCorrection(postId: number) {
  const onSuccess = useRefresh(postId);
  return useMutation({
    mutationFn: (id: number): Promise<void> => apiRequest(`/corrections/${id}`, { method: 'DELETE' }),
    meta: {
      successToast: { title: 'Correction withdrawn' },
      errorToast: { title: 'Failed to withdraw the correction', variant: 'destructive' },
    },
    onSuccess,
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { workflowsQueryKey } from './get-workflows.ts';

export function deleteWorkflow(id: number): Promise<void> {
  return apiRequest(`/workflows/${id}`, { method: 'DELETE' });
}

export function useDeleteWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorkflow,
    meta: {
      successToast: { title: 'Workflow Deleted', description: 'The workflow and its run log have been removed.' },
      errorToast: { title: 'Failed to delete workflow', variant: 'destructive' },
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowsQueryKey }),
  });
}

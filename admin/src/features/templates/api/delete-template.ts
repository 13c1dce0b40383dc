import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { templatesQueryKey } from './get-templates.ts';

export function deleteTemplate(id: number): Promise<void> {
  return apiRequest(`/templates/${id}`, { method: 'DELETE' });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    meta: {
      successToast: { title: 'Template Deleted', description: 'The content template has been removed.' },
      errorToast: { title: 'Failed to delete template', variant: 'destructive' },
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesQueryKey }),
  });
}

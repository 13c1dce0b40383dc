import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TemplateSchema, type Template, type TemplateInput } from 'content-schema/template';
import { apiRequest } from '../../../lib/api-client.ts';
import { templatesQueryKey } from './get-templates.ts';

export function updateTemplate({ id, input }: { id: number; input: TemplateInput }): Promise<Template> {
  return apiRequest(`/templates/${id}`, { method: 'PUT', body: input, schema: TemplateSchema });
}

export function useUpdateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTemplate,
    meta: {
      successToast: { title: 'Template Updated', description: 'Your content template has been updated successfully.' },
      errorToast: { title: 'Failed to update template', variant: 'destructive' },
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesQueryKey }),
  });
}

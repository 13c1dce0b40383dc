import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TemplateSchema, type Template, type TemplateInput } from 'content-schema/template';
import { apiRequest } from '../../../lib/api-client.ts';
import { templatesQueryKey } from './get-templates.ts';

export function createTemplate(input: TemplateInput): Promise<Template> {
  return apiRequest('/templates', { method: 'POST', body: input, schema: TemplateSchema });
}

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTemplate,
    meta: {
      successToast: {
        title: 'Template Created',
        description: 'Your new content template has been created successfully.',
      },
      errorToast: { title: 'Failed to create template', variant: 'destructive' },
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesQueryKey }),
  });
}

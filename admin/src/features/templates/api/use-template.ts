import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TemplateSchema, type Template } from 'content-schema/template';
import { apiRequest } from '../../../lib/api-client.ts';
import { templatesQueryKey } from './get-templates.ts';

/** Counts one use of a template (usageCount + 1) and answers the updated template. */
export function applyTemplate(id: number): Promise<Template> {
  return apiRequest(`/templates/${id}/use`, { method: 'POST', schema: TemplateSchema });
}

export function useApplyTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyTemplate,
    meta: {
      successToast: { title: 'Template Applied', description: 'The template has been loaded into your editor.' },
      errorToast: { title: 'Failed to apply template', variant: 'destructive' },
    },
    onSuccess: (template) =>
      queryClient.setQueryData<Template[]>(templatesQueryKey, (list) =>
        list?.map((t) => (t.id === template.id ? template : t)),
      ),
  });
}

import { useMutation } from '@tanstack/react-query';
import { GeneratedDraftSchema, type GeneratedDraft, type GenerateInput } from 'content-schema/automation';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/automation/generate: a draft for the editor, not saved. */
export function generateContent(input: GenerateInput): Promise<GeneratedDraft> {
  return apiRequest('/automation/generate', { method: 'POST', body: input, schema: GeneratedDraftSchema });
}

export function useGenerateContent() {
  return useMutation({
    mutationFn: generateContent,
    meta: {
      successToast: { title: 'Content Generated', description: 'The draft is in the Manual Editor for you to review.' },
      errorToast: { title: 'Generation Failed', variant: 'destructive' },
    },
  });
}

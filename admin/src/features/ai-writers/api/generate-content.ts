import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/** Answer of POST /api/automation/generate: a draft for the editor, not saved. */
export const GeneratedContentSchema = z.object({
  title: z.string(),
  excerpt: z.string(),
  content: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  authorName: z.string(),
  readTime: z.number().int().min(1),
  personaId: z.string(),
});
export type GeneratedContent = z.infer<typeof GeneratedContentSchema>;

export function generateContent(input: { personaId: string; topic: string }): Promise<GeneratedContent> {
  return apiRequest('/automation/generate', { method: 'POST', body: input, schema: GeneratedContentSchema });
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

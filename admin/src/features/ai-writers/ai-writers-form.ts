import { z } from 'zod';
import type { GeneratedDraft } from 'content-schema/automation';
import type { EditorPrefill } from '../../lib/editor-prefill.ts';

/** AI generation needs a chosen writer and a topic. */
export const AiWritersFormSchema = z.object({
  personaId: z.string().min(1, 'Please select a writer'),
  topic: z.string().trim().min(1, 'Topic is required').max(200, 'Topic must be at most 200 characters'),
});
export type AiWritersForm = z.infer<typeof AiWritersFormSchema>;

/** What the editor receives of a generated draft: its words, marked as written by a persona through the model. */
export function draftToPrefill(draft: GeneratedDraft): EditorPrefill {
  return {
    title: draft.title,
    excerpt: draft.excerpt,
    content: draft.content,
    category: draft.category,
    tags: draft.tags,
    authorName: draft.authorName,
    readTime: draft.readTime,
    // Disclosed as AI-generated unless the editor says otherwise.
    provenance: 'ai-generated',
  };
}

import { z } from 'zod';
import { POST_PROVENANCE } from 'content-schema/provenance';

/**
 * Content handed to a new post in the editor by another feature (a template's Use, the AI writers' output).
 * It travels as router location state, so features never import each other.
 */
export const EditorPrefillSchema = z.object({
  title: z.string().optional(),
  excerpt: z.string().optional(),
  content: z.string().optional(),
  category: z.string().optional(),
  tags: z.array(z.string()).optional(),
  readTime: z.number().int().min(1).optional(),
  authorName: z.string().optional(),
  /** How the content was made: the AI writers hand over 'ai-generated'. */
  provenance: z.enum(POST_PROVENANCE).optional(),
});
export type EditorPrefill = z.infer<typeof EditorPrefillSchema>;

/** Router state carrying a prefill: `navigate('/create', { state: prefillState(x) })`. */
export function prefillState(prefill: EditorPrefill): { prefill: EditorPrefill } {
  return { prefill };
}

/** Reads a prefill from router location state, ignoring anything malformed. */
export function readPrefill(state: unknown): EditorPrefill | null {
  const parsed = z.object({ prefill: EditorPrefillSchema }).safeParse(state);
  return parsed.success ? parsed.data.prefill : null;
}

/** Props of the AI Expert Writers tab, which the editor route hands to the editor (src/app/editor-route.tsx). */
export interface AiWritersTabProps {
  /** Hands generated content to the editor, which fills the form and switches to the Manual Editor tab. */
  onGenerated: (content: EditorPrefill) => void;
}

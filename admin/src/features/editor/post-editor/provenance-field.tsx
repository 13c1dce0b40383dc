import { Controller, type Control } from 'react-hook-form';
import { POST_PROVENANCE, PROVENANCE_LABELS, involvesAi, type PostProvenance } from 'content-schema/provenance';
import type { PostForm } from 'content-schema/post';
import { describedBy, Field } from '../../components/ui/field.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import type { EditorValues } from './post-form-values.ts';

/**
 * How the post was made (the article's AI disclosure): Human-written, AI-assisted, or AI-generated from a persona.
 * The AI writers tab and the automation set it; saving a post that involved AI records the signed-in editor as
 * its editor.
 */
export function ProvenanceField({
  control,
  error,
  editedBy,
}: {
  control: Control<EditorValues, unknown, PostForm>;
  error?: string | undefined;
  /** Who is on record as having edited it so far. */
  editedBy: string | null;
}) {
  return (
    <Controller
      control={control}
      name="provenance"
      render={({ field }) => {
        const value = (field.value ?? 'human') as PostProvenance;
        const hint = involvesAi(value)
          ? `Readers see an AI disclosure on the article${editedBy ? `; edited by ${editedBy}` : ''}. Saving records you as its editor.`
          : 'No AI disclosure is shown.';
        return (
          <Field id="post-provenance" label="How it was made" hint={hint} error={error}>
            <Select value={value} onValueChange={field.onChange}>
              <SelectTrigger
                id="post-provenance"
                ref={field.ref}
                onBlur={field.onBlur}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy('post-provenance', { hint: true, error })}
              >
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {POST_PROVENANCE.map((p) => (
                  <SelectItem key={p} value={p}>
                    {PROVENANCE_LABELS[p]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
        );
      }}
    />
  );
}

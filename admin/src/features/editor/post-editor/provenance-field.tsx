import { Controller, type Control } from 'react-hook-form';
import { POST_PROVENANCE, PROVENANCE_LABELS, involvesAi, type PostProvenance } from 'content-schema/provenance';
import type { PostForm } from 'content-schema/post';
import { SelectItem } from '../../../components/ui/select.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import type { EditorValues } from '../post-form-values.ts';

/** What readers will see of how the post was made, and what saving it records. */
export function provenanceHint(provenance: PostProvenance, editedBy: string | null): string {
  if (!involvesAi(provenance)) return 'No AI disclosure is shown.';
  return `Readers see an AI disclosure on the article${editedBy ? `; edited by ${editedBy}` : ''}. Saving records you as its editor.`;
}

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
        return (
          <SelectField
            id="post-provenance"
            label="How it was made"
            hint={provenanceHint(value, editedBy)}
            error={error}
            value={value}
            onValueChange={field.onChange}
            triggerRef={field.ref}
            onBlur={field.onBlur}
          >
            {POST_PROVENANCE.map((p) => (
              <SelectItem key={p} value={p}>
                {PROVENANCE_LABELS[p]}
              </SelectItem>
            ))}
          </SelectField>
        );
      }}
    />
  );
}

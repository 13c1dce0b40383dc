import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Media } from 'content-schema/media';
import { Button } from '../../components/ui/button.tsx';
import { DialogFooter } from '../../components/ui/dialog.tsx';
import { FormField } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { useUpdateMedia } from './api/update-media.ts';
import { altsToSave, AltTextsSchema, imageReferences, type AltTexts } from './image-reference.ts';
import { fileUrl, thumbnailOf } from './media-texts.ts';

/**
 * The step before images go into a post: an alt text for each (the library's, when it has one), required. Insert
 * saves the alt texts the library lacks to it as well, then hands over the images' references, a paragraph each.
 */
export function AltTextForm({
  images,
  onInsert,
  onBack,
}: {
  images: readonly Media[];
  onInsert: (markdown: string) => void;
  onBack?: () => void;
}) {
  const update = useUpdateMedia();
  const { register, handleSubmit, formState } = useForm<AltTexts>({
    resolver: zodResolver(AltTextsSchema),
    defaultValues: { alts: images.map((m) => m.alt) },
  });

  async function insert({ alts }: AltTexts) {
    // The post gets its references whatever becomes of the library's copy (a failure there is reported by a toast).
    const saves = altsToSave(images, alts).map(({ id, alt }) =>
      update.mutateAsync({ id, details: { alt } }).catch(() => undefined),
    );
    await Promise.all(saves);
    onInsert(imageReferences(images.map((m, i) => ({ id: m.id, alt: alts[i] ?? '' }))));
  }

  return (
    <form
      aria-label="Alt text"
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        // The dialog is a portal of the post form's tree: its submit must not reach the post form's handler.
        event.stopPropagation();
        void handleSubmit(insert)(event);
      }}
    >
      <ul className="grid gap-4">
        {images.map((m, i) => (
          <li key={`${m.id}-${i}`} className="grid grid-cols-[4rem_minmax(0,1fr)] items-start gap-3">
            <img src={fileUrl(thumbnailOf(m))} alt="" className="aspect-square w-16 rounded bg-muted object-cover" />
            <FormField
              id={`insert-alt-${i}`}
              label={`Alt text for ${m.fileName}`}
              error={formState.errors.alts?.[i]?.message}
            >
              <Input {...register(`alts.${i}`)} />
            </FormField>
          </li>
        ))}
      </ul>
      <DialogFooter>
        {onBack ? (
          <Button variant="outline" onClick={onBack}>
            Back
          </Button>
        ) : null}
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Inserting...' : 'Insert'}
        </Button>
      </DialogFooter>
    </form>
  );
}

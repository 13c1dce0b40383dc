import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { MediaDetailsSchema, type Media, type MediaDetails } from 'content-schema/media';
import { Button } from '../../components/ui/button.tsx';
import { FormField } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { useUpdateMedia } from './api/update-media.ts';
import { placeErrors } from './details-errors.ts';

type DetailsValues = z.input<typeof MediaDetailsSchema>;
const FIELDS = ['alt', 'caption', 'credit', 'licence'] as const;

const valuesOf = (m: Media): MediaDetails => ({
  alt: m.alt,
  caption: m.caption,
  credit: m.credit,
  licence: m.licence,
});

/** What the editor writes about the image; saving re-renders the published posts using it (on the server). */
export function MediaDetailsForm({ m }: { m: Media }) {
  const save = useUpdateMedia({ successToast: 'Image details saved', inlineErrors: true });
  const { register, handleSubmit, formState, reset, setError } = useForm<DetailsValues, unknown, MediaDetails>({
    resolver: zodResolver(MediaDetailsSchema),
    defaultValues: valuesOf(m),
  });
  const { errors } = formState;

  const onSubmit = (details: MediaDetails) =>
    save.mutate(
      { id: m.id, details },
      {
        onSuccess: (saved) => reset(valuesOf(saved)),
        onError: (error) => {
          for (const { field, message } of placeErrors(error, FIELDS))
            setError(field === 'root' ? 'root.server' : field, { message }, { shouldFocus: field !== 'root' });
        },
      },
    );

  return (
    <form
      aria-label="Description and credit"
      className="grid gap-4 border-t pt-4"
      noValidate
      onSubmit={handleSubmit(onSubmit)}
    >
      <FormField
        id="media-alt"
        label="Alt text"
        hint="What the image shows, for readers who cannot see it. Offered when the image is inserted into a post."
        error={errors.alt?.message}
      >
        <Textarea rows={2} {...register('alt')} />
      </FormField>
      <FormField id="media-caption" label="Caption" error={errors.caption?.message}>
        <Textarea rows={2} {...register('caption')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="media-credit" label="Credit" error={errors.credit?.message}>
          <Input {...register('credit')} />
        </FormField>
        <FormField id="media-licence" label="Licence" error={errors.licence?.message}>
          <Input {...register('licence')} />
        </FormField>
      </div>
      {errors.root?.server ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors.root.server.message}
        </p>
      ) : null}
      <p className="text-xs text-muted-foreground">Saving updates the published posts that use this image.</p>
      <div>
        <Button type="submit" disabled={!formState.isDirty || save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}

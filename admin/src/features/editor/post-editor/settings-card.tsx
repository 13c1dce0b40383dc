import { Controller, type Control } from 'react-hook-form';
import type { PostForm } from 'content-schema/post';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { SelectItem } from '../../../components/ui/select.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { categoryChoices, type EditorForm, type EditorValues } from '../post-form-values.ts';
import { ProvenanceField } from './provenance-field.tsx';

type EditorControl = Control<EditorValues, unknown, PostForm>;

function CategoryField({ control, error }: { control: EditorControl; error: string | undefined }) {
  return (
    <Controller
      control={control}
      name="category"
      render={({ field }) => (
        <SelectField
          id="post-category"
          label="Category"
          error={error}
          value={field.value ?? ''}
          onValueChange={field.onChange}
          placeholder="Select a category"
          triggerRef={field.ref}
          onBlur={field.onBlur}
        >
          {categoryChoices(field.value).map((c) => (
            <SelectItem key={c} value={c}>
              {c}
            </SelectItem>
          ))}
        </SelectField>
      )}
    />
  );
}

function PublishedSwitch({ control }: { control: EditorControl }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <Label htmlFor="post-published">Published</Label>
      <Controller
        control={control}
        name="published"
        render={({ field }) => (
          <Switch
            id="post-published"
            checked={field.value}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
          />
        )}
      />
    </div>
  );
}

/** The editor's Post Settings: category, tags, author, how it was made, read time, published. */
export function SettingsCard({ form, editedBy }: { form: EditorForm; editedBy: string | null }) {
  const { register, control, formState } = form;
  const { errors } = formState;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-base">
          Post Settings
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        <CategoryField control={control} error={errors.category?.message} />
        <FormField id="post-tags" label="Tags" hint="Separate tags with commas." error={errors.tags?.message}>
          <Input placeholder="AI, Startups, Europe" {...register('tags')} />
        </FormField>
        <FormField id="post-author" label="Author Name" error={errors.authorName?.message}>
          <Input autoComplete="name" {...register('authorName')} />
        </FormField>
        <ProvenanceField control={control} error={errors.provenance?.message} editedBy={editedBy} />
        <FormField id="post-read-time" label="Read Time (minutes)" error={errors.readTime?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            {...register('readTime', { valueAsNumber: true })}
          />
        </FormField>
        <PublishedSwitch control={control} />
      </CardContent>
    </Card>
  );
}

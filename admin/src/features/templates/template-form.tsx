import { Controller, useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { EDITOR_CATEGORIES } from 'content-schema/categories';
import { TemplateFormSchema, type Template, type TemplateForm as ValidTemplate } from 'content-schema/template';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { FormField } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { SelectItem } from '../../components/ui/select.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { templateDefaults, type TemplateFormValues } from './template-values.ts';

function CategoryField({
  control,
  error,
}: {
  control: Control<TemplateFormValues, unknown, ValidTemplate>;
  error: string | undefined;
}) {
  return (
    <Controller
      control={control}
      name="category"
      render={({ field }) => (
        <SelectField
          id="template-category"
          label="Category"
          error={error}
          value={field.value ?? ''}
          onValueChange={field.onChange}
          placeholder="Select a category"
          triggerRef={field.ref}
          onBlur={field.onBlur}
        >
          {EDITOR_CATEGORIES.map((c) => (
            <SelectItem key={c} value={c}>
              {c}
            </SelectItem>
          ))}
        </SelectField>
      )}
    />
  );
}

interface TemplateFormProps {
  template: Template | null;
  pending: boolean;
  onSubmit: (values: ValidTemplate) => void;
  onCancel: () => void;
}

/** Create or edit a template (the shared template schema's rules); replaces the list while open. */
export function TemplateForm({ template, pending, onSubmit, onCancel }: TemplateFormProps) {
  const { register, control, handleSubmit, formState } = useForm<TemplateFormValues, unknown, ValidTemplate>({
    resolver: zodResolver(TemplateFormSchema),
    defaultValues: templateDefaults(template),
  });
  const err = (name: keyof TemplateFormValues) => formState.errors[name]?.message;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{template ? 'Edit Template' : 'New Template'}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField id="template-name" label="Template Name" error={err('name')}>
              <Input {...register('name')} />
            </FormField>
            <CategoryField control={control} error={err('category')} />
          </div>
          <FormField
            id="template-title"
            label="Title Template"
            hint="Use [placeholders] for the parts to fill in."
            error={err('title')}
          >
            <Input {...register('title')} />
          </FormField>
          <FormField
            id="template-content"
            label="Content Template"
            hint="Markdown with [placeholders]."
            error={err('content')}
          >
            <Textarea rows={14} className="font-mono text-sm" {...register('content')} />
          </FormField>
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField id="template-tags" label="Tags" hint="Separate tags with commas." error={err('tags')}>
              <Input {...register('tags')} />
            </FormField>
            <FormField id="template-read-time" label="Read Time (minutes)" error={err('readTime')}>
              <Input type="number" min={1} step={1} {...register('readTime', { valueAsNumber: true })} />
            </FormField>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={pending}>
              {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {template ? 'Update Template' : 'Create Template'}
            </Button>
            <Button variant="outline" onClick={onCancel}>
              Cancel
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

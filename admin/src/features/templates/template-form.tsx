import { Controller, useForm, type DefaultValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Loader2 } from 'lucide-react';
import { EDITOR_CATEGORIES } from 'content-schema/categories';
import { DEFAULT_READ_TIME } from 'content-schema/site';
import { TemplateFormSchema, type Template, type TemplateForm as TemplateFormValues } from 'content-schema/template';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Field, describedBy } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { asTemplateCategory } from './template-values.ts';

type FormValues = z.input<typeof TemplateFormSchema>;

/** Spec §9: a new template defaults to Analysis Drop and a 5-minute read. */
function defaultsFor(template: Template | null): DefaultValues<FormValues> {
  if (!template)
    return { name: '', category: 'Analysis Drop', title: '', content: '', tags: '', readTime: DEFAULT_READ_TIME };
  return {
    name: template.name,
    category: asTemplateCategory(template.category),
    title: template.title,
    content: template.content,
    tags: template.tags.join(', '),
    readTime: template.readTime,
  };
}

interface TemplateFormProps {
  template: Template | null;
  pending: boolean;
  onSubmit: (values: TemplateFormValues) => void;
  onCancel: () => void;
}

/** Create or edit a template (spec §5 template form rules); replaces the list while open. */
export function TemplateForm({ template, pending, onSubmit, onCancel }: TemplateFormProps) {
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<FormValues, unknown, TemplateFormValues>({
    resolver: zodResolver(TemplateFormSchema),
    defaultValues: defaultsFor(template),
  });
  const err = (name: keyof FormValues) => errors[name]?.message;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{template ? 'Edit Template' : 'New Template'}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="template-name" label="Template Name" error={err('name')}>
              <Input
                id="template-name"
                aria-invalid={err('name') ? true : undefined}
                aria-describedby={describedBy('template-name', { error: err('name') })}
                {...register('name')}
              />
            </Field>
            <Field id="template-category" label="Category" error={err('category')}>
              <Controller
                control={control}
                name="category"
                render={({ field }) => (
                  <Select value={field.value ?? ''} onValueChange={field.onChange}>
                    <SelectTrigger
                      id="template-category"
                      ref={field.ref}
                      onBlur={field.onBlur}
                      aria-invalid={err('category') ? true : undefined}
                      aria-describedby={describedBy('template-category', { error: err('category') })}
                    >
                      <SelectValue placeholder="Select a category" />
                    </SelectTrigger>
                    <SelectContent>
                      {EDITOR_CATEGORIES.map((c) => (
                        <SelectItem key={c} value={c}>
                          {c}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </Field>
          </div>
          <Field
            id="template-title"
            label="Title Template"
            hint="Use [placeholders] for the parts to fill in."
            error={err('title')}
          >
            <Input
              id="template-title"
              aria-invalid={err('title') ? true : undefined}
              aria-describedby={describedBy('template-title', { hint: true, error: err('title') })}
              {...register('title')}
            />
          </Field>
          <Field
            id="template-content"
            label="Content Template"
            hint="Markdown with [placeholders]."
            error={err('content')}
          >
            <Textarea
              id="template-content"
              rows={14}
              className="font-mono text-sm"
              aria-invalid={err('content') ? true : undefined}
              aria-describedby={describedBy('template-content', { hint: true, error: err('content') })}
              {...register('content')}
            />
          </Field>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="template-tags" label="Tags" hint="Separate tags with commas." error={err('tags')}>
              <Input
                id="template-tags"
                aria-describedby={describedBy('template-tags', { hint: true, error: err('tags') })}
                {...register('tags')}
              />
            </Field>
            <Field id="template-read-time" label="Read Time (minutes)" error={err('readTime')}>
              <Input
                id="template-read-time"
                type="number"
                min={1}
                step={1}
                aria-invalid={err('readTime') ? true : undefined}
                aria-describedby={describedBy('template-read-time', { error: err('readTime') })}
                {...register('readTime', { valueAsNumber: true })}
              />
            </Field>
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

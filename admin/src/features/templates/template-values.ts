import { z } from 'zod';
import type { DefaultValues } from 'react-hook-form';
import { CATEGORIES, type Category } from 'content-schema/categories';
import { splitTags } from 'content-schema/post';
import { DEFAULT_READ_TIME } from 'content-schema/site';
import type { Template, TemplateForm, TemplateFormSchema, TemplateInput } from 'content-schema/template';
import type { EditorPrefill } from '../../lib/editor-prefill.ts';

const CategorySchema = z.enum(CATEGORIES);

/** A template's stored category if it is a known one; otherwise the form asks for one. */
export function asTemplateCategory(value: string): Category | undefined {
  const parsed = CategorySchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** What the template form's fields hold. */
export type TemplateFormValues = z.input<typeof TemplateFormSchema>;

/** The form's start: a template's fields, or a new template in Analysis Drop with the default read time. */
export function templateDefaults(template: Template | null): DefaultValues<TemplateFormValues> {
  if (!template) {
    return { name: '', category: 'Analysis Drop', title: '', content: '', tags: '', readTime: DEFAULT_READ_TIME };
  }
  return {
    name: template.name,
    category: asTemplateCategory(template.category),
    title: template.title,
    content: template.content,
    tags: template.tags.join(', '),
    readTime: template.readTime,
  };
}

/** The request body for the validated form: tags split on commas, trimmed and de-duplicated. */
export function toTemplateInput(form: TemplateForm): TemplateInput {
  return { ...form, tags: splitTags(form.tags) };
}

/** What Use loads into the editor. */
export function templateToPrefill(template: Template): EditorPrefill {
  return {
    title: template.title,
    content: template.content,
    category: template.category,
    tags: template.tags,
    readTime: template.readTime,
  };
}

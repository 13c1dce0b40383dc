import { z } from 'zod';
import { CATEGORIES, type Category } from 'content-schema/categories';
import { splitTags } from 'content-schema/post';
import type { Template, TemplateForm, TemplateInput } from 'content-schema/template';
import type { EditorPrefill } from '../../lib/editor-prefill.ts';

const CategorySchema = z.enum(CATEGORIES);

/** A template's stored category if it is a known one; otherwise the form asks for one. */
export function asTemplateCategory(value: string): Category | undefined {
  const parsed = CategorySchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** The request body for the validated form: tags split on commas and trimmed (spec §5). */
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

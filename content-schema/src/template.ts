import { z } from 'zod';
import { CATEGORIES } from './categories.ts';
import { ReadTimeSchema, splitTags, TagListSchema } from './post.ts';

/** A content template (persisted through /api/templates). */
export const TemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.string(),
  title: z.string(),
  content: z.string(),
  tags: z.array(z.string()),
  readTime: z.number().int().min(1),
  usageCount: z.number().int().min(0),
});
export type Template = z.infer<typeof TemplateSchema>;

/** The template form: tags are comma-separated text. */
export const TemplateFormSchema = z.object({
  name: z.string().trim().min(1, 'Template name is required').max(100, 'Template name must be at most 100 characters'),
  category: z.enum(CATEGORIES, { error: 'Category is required' }),
  title: z
    .string()
    .trim()
    .min(1, 'Title template is required')
    .max(200, 'Title template must be at most 200 characters'),
  // Only trailing space is trimmed: leading markdown indentation is meaningful; a blank template is refused.
  content: z
    .string()
    .transform((v) => v.trimEnd())
    .refine((v) => v.trim().length > 0, 'Content template is required')
    .pipe(z.string().max(100_000, 'Content template must be at most 100,000 characters')),
  tags: z.string().max(1000, 'Tags must be at most 1,000 characters'),
  // A template's read time becomes a post's, so it has the post's bounds.
  readTime: ReadTimeSchema,
});
export type TemplateForm = z.infer<typeof TemplateFormSchema>;

/** Body of POST/PUT /api/templates: the form with tags as a list. */
export const TemplateInputSchema = TemplateFormSchema.extend({
  // A template's tags become a post's, so both forms end in the post's tag bounds.
  tags: z
    .union([z.array(z.unknown()), z.string()], { error: 'Tags must be a list or comma-separated text' })
    .refine((v) => typeof v !== 'string' || v.length <= 1000, 'Tags must be at most 1,000 characters')
    .transform((v) => (typeof v === 'string' ? splitTags(v) : v))
    .pipe(TagListSchema)
    .default([]),
});
export type TemplateInput = z.input<typeof TemplateInputSchema>;

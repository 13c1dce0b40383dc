import { z } from 'zod';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { CATEGORIES, EDITOR_CATEGORIES, type Category } from 'content-schema/categories';
import {
  FeatureImageSchema,
  POST_PROVENANCE,
  PostFormSchema,
  splitTags,
  type Post,
  type PostForm,
  type PostInput,
} from 'content-schema/post';
import { DEFAULT_AUTHOR_ID, DEFAULT_READ_TIME } from 'content-schema/site';
import type { EditorPrefill } from '../../lib/editor-prefill.ts';

/** What the editor's fields hold (the form schema's input). */
export type EditorValues = z.input<typeof PostFormSchema>;
/** Values the form starts from or is reset to (a feature image is whole or none, never part of one). */
export type EditorDefaults = Partial<EditorValues>;
/** The editor's form: its fields as typed, the post form once validated. */
export type EditorForm = UseFormReturn<EditorValues, unknown, PostForm>;
/** One of the form's fields. */
export type EditorFieldName = keyof EditorValues & FieldPath<EditorValues>;

const FIELD_NAMES: ReadonlySet<string> = new Set(Object.keys(PostFormSchema.shape));

/** Whether a name from outside (a server issue path, a prefill key) is one of the form's fields. */
export function isEditorField(name: string): name is EditorFieldName {
  return FIELD_NAMES.has(name);
}

const CategorySchema = z.enum(CATEGORIES);

/** A known category, or undefined (the select then shows its placeholder and validation asks for one). */
export function asCategory(value: string | undefined): Category | undefined {
  const parsed = CategorySchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** The categories the editor offers: its own, plus the post's if it is an older one no longer offered. */
export function categoryChoices(value: string | undefined): readonly string[] {
  const offered: readonly string[] = EDITOR_CATEGORIES;
  return value && !offered.includes(value) ? [...offered, value] : offered;
}

/** A new post's fields: the default read time (5 minutes), unpublished. */
export function emptyValues(): EditorDefaults {
  return {
    title: '',
    excerpt: '',
    content: '',
    category: undefined,
    tags: '',
    authorName: '',
    readTime: DEFAULT_READ_TIME,
    published: false,
    provenance: 'human',
    seoTitle: '',
    metaDescription: '',
    focusKeyword: '',
    slug: '',
    featureImage: null,
  };
}

/** An existing post's fields: tags joined for the comma-separated field, absent SEO fields as ''. */
export function valuesFromPost(post: Post): EditorDefaults {
  return {
    title: post.title,
    excerpt: post.excerpt,
    content: post.content,
    category: asCategory(post.category),
    tags: post.tags.join(', '),
    authorName: post.authorName,
    readTime: post.readTime,
    published: post.published,
    provenance: post.provenance,
    seoTitle: post.seoTitle ?? '',
    metaDescription: post.metaDescription ?? '',
    focusKeyword: post.focusKeyword ?? '',
    slug: post.slug,
    featureImage: post.featureImage ?? null,
  };
}

/** Fields filled by a template or the AI writers, over the given base. */
export function valuesFromPrefill(prefill: EditorPrefill, base: EditorDefaults = emptyValues()): EditorDefaults {
  return {
    ...base,
    ...(prefill.title !== undefined && { title: prefill.title }),
    ...(prefill.excerpt !== undefined && { excerpt: prefill.excerpt }),
    ...(prefill.content !== undefined && { content: prefill.content }),
    ...(asCategory(prefill.category) !== undefined && { category: asCategory(prefill.category) }),
    ...(prefill.tags !== undefined && { tags: prefill.tags.join(', ') }),
    ...(prefill.readTime !== undefined && { readTime: prefill.readTime }),
    ...(prefill.authorName !== undefined && { authorName: prefill.authorName }),
    ...(prefill.provenance !== undefined && { provenance: prefill.provenance }),
  };
}

/** Trimmed text, or null when empty: the API stores a cleared optional field as absent. */
function optional(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/** The request body for the validated form: tags split, trimmed and emptied; the default author unless given. */
export function toPostInput(values: PostForm, authorId: number = DEFAULT_AUTHOR_ID): PostInput {
  return {
    title: values.title,
    excerpt: values.excerpt,
    content: values.content,
    category: values.category,
    tags: splitTags(values.tags),
    authorName: values.authorName,
    authorId,
    readTime: values.readTime,
    published: values.published,
    provenance: values.provenance,
    seoTitle: optional(values.seoTitle),
    metaDescription: optional(values.metaDescription),
    focusKeyword: optional(values.focusKeyword),
    slug: optional(values.slug),
    // Always sent: null removes the post's feature image.
    featureImage: values.featureImage,
  };
}

/**
 * An unsaved draft as kept in localStorage. Whatever is stored is re-validated field by field on the way back,
 * so a stale or tampered entry degrades to defaults instead of breaking the editor.
 */
export const StoredDraftValuesSchema = z.object({
  title: z.string().catch(''),
  excerpt: z.string().catch(''),
  content: z.string().catch(''),
  category: CategorySchema.optional().catch(undefined),
  tags: z.string().catch(''),
  authorName: z.string().catch(''),
  readTime: z.number().catch(DEFAULT_READ_TIME),
  published: z.boolean().catch(false),
  provenance: z.enum(POST_PROVENANCE).catch('human'),
  seoTitle: z.string().catch(''),
  metaDescription: z.string().catch(''),
  focusKeyword: z.string().catch(''),
  slug: z.string().catch(''),
  /**
   * Absent (undefined) when the entry does not record one (written before feature images, or a server copy that
   * does not keep it): the post's own stays. A malformed one counts as not recorded either.
   */
  featureImage: FeatureImageSchema.nullable().optional().catch(undefined),
});
export type StoredDraftValues = z.infer<typeof StoredDraftValuesSchema>;

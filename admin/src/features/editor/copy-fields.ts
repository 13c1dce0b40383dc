import type { Post } from 'content-schema/post';
import { EDITOR_FIELDS, type EditorField } from 'content-schema/post-fields';
import type { Revision, WorkingCopyFields } from 'content-schema/revisions';
import { StoredDraftValuesSchema, type EditorDefaults, type EditorValues } from './post-form-values.ts';

/** The editor's fields as a working copy stores them: an unchosen category is '', an empty read time null. */
export function toCopyFields(values: Partial<EditorValues> | EditorDefaults): WorkingCopyFields {
  const readTime = Number(values.readTime);
  return {
    title: values.title ?? '',
    excerpt: values.excerpt ?? '',
    content: values.content ?? '',
    category: values.category ?? '',
    tags: values.tags ?? '',
    authorName: values.authorName ?? '',
    readTime: values.readTime === undefined || values.readTime === null || !Number.isFinite(readTime) ? null : readTime,
    published: values.published ?? false,
    seoTitle: values.seoTitle ?? '',
    metaDescription: values.metaDescription ?? '',
    focusKeyword: values.focusKeyword ?? '',
    slug: values.slug ?? '',
  };
}

/** A stored copy back as the editor's values (each field re-checked; anything odd falls back to its default). */
export function fromCopyFields(fields: unknown): EditorDefaults {
  const parsed = StoredDraftValuesSchema.parse(fields ?? {});
  return { ...parsed, category: parsed.category };
}

/** A post's or a revision's fields as the editor shows them. */
export function fieldsOf(post: Post | Revision): WorkingCopyFields {
  return {
    title: post.title,
    excerpt: post.excerpt,
    content: post.content,
    category: post.category,
    tags: post.tags.join(', '),
    authorName: post.authorName,
    readTime: post.readTime,
    published: post.published,
    seoTitle: post.seoTitle ?? '',
    metaDescription: post.metaDescription ?? '',
    focusKeyword: post.focusKeyword ?? '',
    slug: post.slug,
  };
}

/** The fields whose values differ, in the editor's order. */
export function differingFields(a: WorkingCopyFields, b: WorkingCopyFields): EditorField[] {
  return EDITOR_FIELDS.filter((f) => JSON.stringify(a[f] ?? null) !== JSON.stringify(b[f] ?? null));
}

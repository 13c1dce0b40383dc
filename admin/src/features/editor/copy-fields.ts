import type { FeatureImage, Post } from 'content-schema/post';
import { EDITOR_FIELDS, type EditorField } from 'content-schema/post-fields';
import type { Revision, WorkingCopyFields } from 'content-schema/revisions';
import { featureImageOf, sameFeatureImage } from './feature-image.ts';
import { StoredDraftValuesSchema, type EditorDefaults, type EditorValues } from './post-form-values.ts';

/**
 * The editor's fields as a working copy holds them, the feature image among them. A working copy that does not
 * record a feature image (undefined: one written before feature images, or by a server whose working copies do not
 * keep it) says nothing about it: it is not compared, and restoring the copy keeps the editor's.
 */
export type CopyFields = WorkingCopyFields & { featureImage?: FeatureImage | null | undefined };

/** The editor's fields as a working copy stores them: an unchosen category is '', an empty read time null. */
export function toCopyFields(values: Partial<EditorValues> | EditorDefaults): CopyFields {
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
    featureImage: featureImageOf(values.featureImage),
  };
}

/** A stored copy back as the editor's values (each field re-checked; anything odd falls back to its default). */
export function fromCopyFields(fields: unknown): EditorDefaults {
  const { featureImage, ...parsed } = StoredDraftValuesSchema.parse(fields ?? {});
  // A copy that does not record a feature image leaves the one the values are put over.
  return { ...parsed, category: parsed.category, ...(featureImage !== undefined && { featureImage }) };
}

/** A post's or a revision's fields as the editor shows them. */
export function fieldsOf(post: Post | Revision): CopyFields {
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
    featureImage: featureImageOf(post.featureImage),
  };
}

/** Whether a field has the same value in both: texts, numbers and flags as they are, a feature image by its parts. */
function sameField(field: EditorField, a: CopyFields, b: CopyFields): boolean {
  if (field === 'featureImage') {
    // Not recorded on one side: nothing to compare.
    if (a.featureImage === undefined || b.featureImage === undefined) return true;
    return sameFeatureImage(a.featureImage, b.featureImage);
  }
  return (a[field] ?? null) === (b[field] ?? null);
}

/** The fields whose values differ, in the editor's order. */
export function differingFields(a: CopyFields, b: CopyFields): EditorField[] {
  return EDITOR_FIELDS.filter((f) => !sameField(f, a, b));
}

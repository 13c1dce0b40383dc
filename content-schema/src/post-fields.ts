/**
 * A post's fields, declared once, in the order the editor's form shows them. Everything that lists a post's fields
 * derives from this table: which fields a saved revision copies and compares, which fields readers see (a change of
 * one of them makes a change record), which fields the editor compares between two versions, and what each is
 * called wherever the editor names it.
 */
const POST_FIELD_TABLE = {
  title: { label: 'Title', revision: true, readers: true, editor: true },
  excerpt: { label: 'Excerpt', revision: true, readers: true, editor: true },
  content: { label: 'Content', revision: true, readers: true, editor: true },
  category: { label: 'Category', revision: true, readers: true, editor: true },
  tags: { label: 'Tags', revision: true, readers: true, editor: true },
  authorName: { label: 'Author Name', revision: true, readers: true, editor: true },
  readTime: { label: 'Read Time', revision: true, readers: true, editor: true },
  // Publishing and unpublishing are kinds of change of their own (published, unpublished), not a changed field.
  published: { label: 'Published', revision: true, readers: false, editor: true },
  seoTitle: { label: 'SEO Title', revision: true, readers: true, editor: true },
  metaDescription: { label: 'Meta Description', revision: true, readers: true, editor: true },
  focusKeyword: { label: 'Focus Keyword', revision: true, readers: true, editor: true },
  slug: { label: 'URL Slug', revision: true, readers: true, editor: true },
  featureImage: { label: 'Feature Image', revision: true, readers: true, editor: true },
  // The reader-facing AI disclosure; the editor sets it in its own control, outside the compared form fields.
  provenance: { label: 'Provenance', revision: true, readers: true, editor: false },
  // Set by the server, never typed: the publication time and the editor who reviewed an AI-assisted post.
  publishedAt: { label: 'Publication Date', revision: false, readers: true, editor: false },
  editedBy: { label: 'Edited By', revision: false, readers: true, editor: false },
} as const;

type Table = typeof POST_FIELD_TABLE;
export type PostField = keyof Table;
type FieldsWhere<K extends 'revision' | 'readers' | 'editor'> = {
  [F in PostField]: Table[F][K] extends true ? F : never;
}[PostField];

const fieldsWhere = <K extends 'revision' | 'readers' | 'editor'>(key: K) =>
  (Object.keys(POST_FIELD_TABLE) as PostField[]).filter((f) => POST_FIELD_TABLE[f][key]) as FieldsWhere<K>[];

/** The fields a saved revision copies, restores and compares ("Changed: Title, Content"). */
export const REVISION_FIELDS = fieldsWhere('revision');
export type RevisionField = FieldsWhere<'revision'>;

/** The fields readers can see: a change of one of them on a published post is a change record's `fields`. */
export const READER_FIELDS = fieldsWhere('readers');
export type ReaderField = FieldsWhere<'readers'>;

/** The fields the editor's form holds and compares between its copy, another tab's and the saved post. */
export const EDITOR_FIELDS = fieldsWhere('editor');
export type EditorField = FieldsWhere<'editor'>;

/** What the editor calls a field, everywhere it names one (form, compare view, revision list). */
export function fieldLabel(field: string): string {
  return field in POST_FIELD_TABLE ? POST_FIELD_TABLE[field as PostField].label : field;
}

import { lazy } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import type { PostForm } from 'content-schema/post';
import type { EditorValues } from '../post-form-values.ts';

const MarkdownPreview = lazy(() => import('../markdown-preview.tsx'));

/** The preview of the form's current values (its renderer loads when first shown). */
export function PreviewOfForm({ control }: { control: Control<EditorValues, unknown, PostForm> }) {
  const [title = '', excerpt = '', content = '', category, authorName = '', readTime = 0] = useWatch({
    control,
    name: ['title', 'excerpt', 'content', 'category', 'authorName', 'readTime'],
  });
  return (
    <MarkdownPreview
      title={title}
      excerpt={excerpt}
      content={content}
      category={category}
      authorName={authorName}
      readTime={Number(readTime)}
    />
  );
}

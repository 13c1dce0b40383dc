import { useMemo } from 'react';
import { MarkdownRenderError, renderMarkdown } from 'content-schema/markdown';
import { categoryStyle } from 'content-schema/categories';

interface MarkdownPreviewProps {
  title: string;
  excerpt: string;
  content: string;
  category: string | undefined;
  authorName: string;
  readTime: number;
}

/**
 * The post as readers will see it, rendered by the same sanitising renderer as the public site.
 * Loaded on demand: the renderer (unified, remark, rehype) is the editor's heaviest dependency.
 */
export default function MarkdownPreview({
  title,
  excerpt,
  content,
  category,
  authorName,
  readTime,
}: MarkdownPreviewProps) {
  // renderMarkdown sanitises with the site's allow-list, so its HTML is safe to insert. A body beyond the
  // renderer's limits is refused on save with the same reason; the preview says it instead of rendering.
  const rendered = useMemo((): { html: string } | { problem: string } => {
    try {
      return { html: renderMarkdown(content) };
    } catch (err) {
      if (err instanceof MarkdownRenderError) return { problem: err.reason };
      throw err;
    }
  }, [content]);
  const style = category ? categoryStyle(category) : null;
  return (
    <article aria-label="Preview" className="rounded-lg border bg-background p-6 sm:p-10">
      <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
        {category && style ? (
          <span
            className="rounded-full px-2.5 py-0.5 text-xs font-semibold"
            style={{ background: style.background, color: style.foreground }}
          >
            {category}
          </span>
        ) : null}
        <span>{Number.isFinite(readTime) ? readTime : '?'} min read</span>
      </div>
      <h2 className="mt-4 text-3xl font-bold leading-tight">{title || 'Untitled post'}</h2>
      {excerpt ? <p className="mt-3 text-lg text-muted-foreground">{excerpt}</p> : null}
      {authorName ? <p className="mt-4 text-sm font-medium">By {authorName}</p> : null}
      <hr className="my-6" />
      {!content.trim() ? (
        <p className="text-muted-foreground">Nothing to preview yet.</p>
      ) : 'problem' in rendered ? (
        <p role="alert" className="text-destructive">
          {rendered.problem}
        </p>
      ) : (
        <div className="article-body" dangerouslySetInnerHTML={{ __html: rendered.html }} />
      )}
    </article>
  );
}

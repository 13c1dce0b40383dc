import { MarkdownRenderError, renderPost } from 'content-schema/markdown';

/** The stored derivations of a post body. */
export interface DerivedBody {
  html: string | null;
  searchText: string | null;
  renderError: string | null;
}

/**
 * Sanitised HTML and search text of a post body, from one parse, derived once when the post is saved so no
 * build renders markdown again. Input that passed the schema always renders; a body beyond the renderer's
 * limits (a row written before them, an import) keeps the reason instead, and only that post stays off the site.
 */
export function deriveBody(content: string): DerivedBody {
  try {
    const { html, text } = renderPost(content);
    return { html, searchText: text, renderError: null };
  } catch (err) {
    if (!(err instanceof MarkdownRenderError)) throw err;
    return { html: null, searchText: null, renderError: `The post body could not be rendered: ${err.reason}` };
  }
}

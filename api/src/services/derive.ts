import { markdownToPlainText, renderMarkdown } from 'content-schema/markdown';

/** The stored derivations of a post body. */
export interface DerivedBody {
  html: string | null;
  searchText: string | null;
  renderError: string | null;
}

/**
 * Sanitised HTML and search text of a post body, derived once when the post is saved so no build renders
 * markdown again. Input that passed the schema always renders; a body that cannot be rendered (a row written
 * before the renderer's limits) keeps the reason instead, and only that post stays off the site.
 */
export function deriveBody(content: string): DerivedBody {
  try {
    return { html: renderMarkdown(content), searchText: markdownToPlainText(content), renderError: null };
  } catch (err) {
    const reason = err instanceof RangeError ? 'the body nests too deeply to render' : err instanceof Error ? err.message : String(err);
    return { html: null, searchText: null, renderError: `The post body could not be rendered: ${reason}` };
  }
}

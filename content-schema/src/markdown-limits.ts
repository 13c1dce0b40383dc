/**
 * Limits on post markdown, checked in one linear pass over the text without parsing it, so the
 * check is cheap enough for every save and safe on any input.
 *
 * The renderer recurses once per nesting level (remark-rehype overflows Node's default stack past
 * about 1,100 nested lists or 2,500 nested quotes), and micromark and remark-rehype have quadratic
 * paths: every closing `*`, `]` or backtick run scans its whole paragraph, every new list item,
 * lazy line and setext heading copies the document's events so far, and table rows are padded to
 * the header's width. The pass (`markdown-limits/measure.ts`) over-estimates each of these, so
 * whatever it accepts renders in bounded time and depth; whatever it refuses gets a message an
 * editor can act on.
 */
import { measureMarkdown } from './markdown-limits/measure.ts';

export { measureMarkdown, type MarkdownMeasure } from './markdown-limits/measure.ts';

/** How deeply quotes, lists, footnotes, emphasis and links may nest: articles use a handful of levels. */
export const MARKDOWN_MAX_DEPTH = 32;

/** Table cells a body may render (header width × rows, since short rows are padded): beyond this it is a data dump. */
export const MARKDOWN_MAX_TABLE_CELLS = 20_000;

/** Estimated render time a body may need; a 200,000-character article of ordinary prose needs about a third. */
const MAX_RENDER_NANOSECONDS = 1_000_000_000;

/** What `checkMarkdownLimits` tells an editor; each names the limit and what to change. */
export const MARKDOWN_LIMIT_MESSAGES = {
  depth: `Content nests quotes, lists or emphasis too deeply (at most ${MARKDOWN_MAX_DEPTH} levels)`,
  tableCells: `Content has too many table cells (at most ${MARKDOWN_MAX_TABLE_CELLS.toLocaleString('en-US')})`,
  work: 'Content has too much markup to render: split very long paragraphs, lists or tables',
} as const;

/** A reader-facing reason the markdown exceeds the renderer's limits, or null when it is within them. */
export function checkMarkdownLimits(markdown: string): string | null {
  const measure = measureMarkdown(markdown);
  if (measure.depth > MARKDOWN_MAX_DEPTH) return MARKDOWN_LIMIT_MESSAGES.depth;
  if (measure.tableCells > MARKDOWN_MAX_TABLE_CELLS) return MARKDOWN_LIMIT_MESSAGES.tableCells;
  if (measure.renderNanoseconds > MAX_RENDER_NANOSECONDS) return MARKDOWN_LIMIT_MESSAGES.work;
  return null;
}

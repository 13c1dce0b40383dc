import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

// hast/mdast types are not direct dependencies, so take them from the plugins that use them.
type HastRoot = ReturnType<ReturnType<typeof rehypeSanitize>>;
type HastNode = HastRoot | HastRoot['children'][number];
type HastElement = Extract<HastNode, { type: 'element' }>;

/**
 * The one allow-list for rendered markdown: GitHub's (rehype-sanitize's default) with fewer link
 * protocols and `style` stripped with its contents, in case raw HTML is ever let through upstream.
 */
export const sanitizeSchema: SanitizeSchema = {
  ...defaultSchema,
  protocols: {
    ...defaultSchema.protocols,
    href: ['http', 'https', 'mailto'],
    src: ['http', 'https'],
  },
  strip: ['script', 'style'],
};

/** Absolute web URLs (including protocol-relative ones) leave the site; everything else is ours. */
const EXTERNAL_URL = /^(?:https?:)?\/\//i;
/** Images may come from the web or from the site root, never from `data:` or page-relative paths. */
const ALLOWED_IMAGE_SRC = /^(?:https?:\/\/|\/(?!\/))/i;

/** The sanitiser prefixes every id (against DOM clobbering); in-page links must point at the prefixed ids. */
const ID_PREFIX = sanitizeSchema.clobberPrefix ?? '';

/**
 * Runs after sanitising, so the attributes it adds are ours and not the author's: external links
 * open in a new tab without handing `window.opener` over, in-page links follow the prefixed ids,
 * a link whose URL was dropped becomes plain text, images load lazily, and an image whose source
 * is not allowed degrades to its alt text.
 */
function rehypeHarden() {
  return (tree: HastRoot): void => {
    walk(tree, (el) => {
      if (el.tagName === 'a') {
        const href = el.properties.href;
        if (typeof href !== 'string') {
          el.tagName = 'span';
          el.properties = {};
        } else if (EXTERNAL_URL.test(href)) {
          el.properties.target = '_blank';
          el.properties.rel = ['noopener', 'noreferrer'];
        } else if (href.startsWith('#') && !href.startsWith(`#${ID_PREFIX}`)) {
          el.properties.href = `#${ID_PREFIX}${href.slice(1)}`;
        }
      }
      if (el.tagName === 'img') {
        const src = el.properties.src;
        if (typeof src === 'string' && ALLOWED_IMAGE_SRC.test(src)) {
          el.properties.loading = 'lazy';
        } else {
          const alt = typeof el.properties.alt === 'string' ? el.properties.alt : '';
          el.tagName = 'span';
          el.properties = {};
          el.children = alt ? [{ type: 'text', value: alt }] : [];
        }
      }
    });
  };
}

function walk(node: HastNode, visit: (el: HastElement) => void): void {
  if (node.type === 'element') visit(node);
  if ('children' in node) for (const child of node.children) walk(child, visit);
}

// Built once: processors are reusable and freezing avoids re-resolving plugins per call.
// remark-rehype runs without allowDangerousHtml, so raw HTML in markdown is dropped, not rendered.
const htmlProcessor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  // Footnote ids get their prefix from the sanitiser alone; remark-rehype's own would double it.
  .use(remarkRehype, { clobberPrefix: '' })
  .use(rehypeSanitize, sanitizeSchema)
  .use(rehypeHarden)
  .use(rehypeStringify)
  .freeze();

const mdastParser = unified().use(remarkParse).use(remarkGfm).freeze();

/** Render post markdown (CommonMark + GFM) to sanitised HTML; the only way markdown becomes HTML. */
export function renderMarkdown(markdown: string): string {
  return String(htmlProcessor.processSync(markdown));
}

/** The markdown syntax tree (with GFM), for callers that need structure rather than HTML. */
export function parseMarkdown(markdown: string): MdastRoot {
  return mdastParser.parse(markdown);
}

/** The root of a markdown (mdast) tree. */
export type MdastRoot = ReturnType<typeof mdastParser.parse>;
/** Any node of a markdown tree. */
export type MdastNode = MdastRoot | MdastRoot['children'][number];

/** Containers whose children are separate blocks, so their texts must not run together. */
const BLOCK_CONTAINERS = new Set(['root', 'blockquote', 'list', 'listItem', 'table', 'tableRow', 'footnoteDefinition']);
/** Nodes that carry no reader-visible text: raw HTML is never rendered; images and definitions are not prose. */
const SILENT = new Set(['html', 'image', 'imageReference', 'definition', 'footnoteReference', 'thematicBreak']);

/** Reader-visible text of a markdown node; blocks end up on separate lines. */
export function nodeToText(node: MdastNode): string {
  if (SILENT.has(node.type)) return '';
  if (node.type === 'break') return '\n';
  if ('value' in node) return node.value;
  if (!('children' in node)) return '';
  const parts: string[] = (node.children as MdastNode[]).map(nodeToText);
  return BLOCK_CONTAINERS.has(node.type) ? parts.join('\n') : parts.join('');
}

/** Plain text of markdown for search indexes, excerpts and word counts: one block per line, spaces collapsed. */
export function markdownToPlainText(markdown: string): string {
  return nodeToText(parseMarkdown(markdown))
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** A word is a run of non-space characters with at least one letter or digit (so '—' and '-' are not words). */
export function wordsOf(text: string): string[] {
  return text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token));
}

/** Number of words a reader sees in the markdown. */
export function countWords(markdown: string): number {
  return wordsOf(markdownToPlainText(markdown)).length;
}

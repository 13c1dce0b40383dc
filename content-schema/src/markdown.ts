import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { checkMarkdownLimits, MARKDOWN_LIMIT_MESSAGES, MARKDOWN_MAX_DEPTH } from './markdown-limits.ts';
import { figureNode, LIBRARY_IMAGE_SRC, pictureNode, type LibraryImage } from './markdown-images.ts';

export { checkMarkdownLimits, MARKDOWN_LIMIT_MESSAGES, MARKDOWN_MAX_DEPTH } from './markdown-limits.ts';

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
        if (typeof src === 'string' && ALLOWED_IMAGE_SRC.test(src)) el.properties.loading = 'lazy';
        else showAltText(el);
      }
    });
  };
}

/** An image that cannot be shown becomes its alt text (nothing, when it has none). */
function showAltText(el: HastElement): void {
  const alt = typeof el.properties.alt === 'string' ? el.properties.alt : '';
  el.tagName = 'span';
  el.properties = {};
  el.children = alt ? [{ type: 'text', value: alt }] : [];
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

/** Markdown the renderer refuses; `reason` is the reader-facing message (the schema's, for bodies it let through). */
export class MarkdownRenderError extends Error {
  override readonly name = 'MarkdownRenderError';
  readonly reason: string;

  constructor(reason: string, options?: ErrorOptions) {
    super(reason, options);
    this.reason = reason;
  }
}

/** What a stack overflow in the parser or renderer is reported as: nesting is its only known cause. */
const TOO_DEEP = MARKDOWN_LIMIT_MESSAGES.depth;

/**
 * Nesting levels the parsed tree may reach before the renderer refuses it. The text check already
 * refuses more than MARKDOWN_MAX_DEPTH and over-estimates, so this only stands in for a mistake in
 * it, far below the ~1,100 levels at which remark-rehype overflows the stack.
 */
const TREE_LEVEL_BACKSTOP = 4 * MARKDOWN_MAX_DEPTH;

/** The mdast nodes that count as a nesting level, as MARKDOWN_MAX_DEPTH counts them. */
const LEVELS = new Set([
  'blockquote',
  'listItem',
  'footnoteDefinition',
  'emphasis',
  'strong',
  'delete',
  'link',
  'linkReference',
]);

/** Deepest nesting in the tree, counted without recursion. */
function treeLevels(root: MdastRoot): number {
  let deepest = 0;
  const stack: [MdastNode, number][] = [[root, 0]];
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const [node, outer] = entry;
    const levels = LEVELS.has(node.type) ? outer + 1 : outer;
    if (levels > deepest) deepest = levels;
    if ('children' in node) for (const child of node.children as MdastNode[]) stack.push([child, levels]);
  }
  return deepest;
}

/**
 * Whether an error is the engine running out of stack: a RangeError in V8 and WebKit, but a
 * SyntaxError ("Stack overflow") when it happens inside a regular expression (remark-gfm's autolink
 * search), and an InternalError ("too much recursion") in Firefox, where the editor previews.
 */
function isStackOverflow(error: unknown): boolean {
  return (
    error instanceof RangeError || (error instanceof Error && /stack overflow|too much recursion/i.test(error.message))
  );
}

/** Runs a parser or renderer step, reporting a stack overflow as the refusal it stands for. */
function guarded<T>(step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (isStackOverflow(error)) throw new MarkdownRenderError(TOO_DEEP, { cause: error });
    throw error;
  }
}

/** The markdown's tree, once it is known to be within the limits the renderer is safe for. */
function parseWithinLimits(markdown: string): MdastRoot {
  const problem = checkMarkdownLimits(markdown);
  if (problem) throw new MarkdownRenderError(problem);
  const tree = guarded(() => htmlProcessor.parse(markdown));
  if (treeLevels(tree) > TREE_LEVEL_BACKSTOP) throw new MarkdownRenderError(TOO_DEEP);
  return tree;
}

function renderTree(tree: MdastRoot, images?: ImageUses): string {
  return guarded(() => {
    const hast = htmlProcessor.runSync(tree);
    if (images) expandLibraryImages(hast, images);
    return htmlProcessor.stringify(hast);
  });
}

/** The library images a body may use, and what rendering it found: the images used, and those left without alt. */
interface ImageUses {
  library: ReadonlyMap<number, LibraryImage>;
  used: Set<number>;
  withoutAlt: Set<string>;
}

/** The library image an element is, if it is an `<img>` naming one; `false` for a name the library does not have. */
function libraryImageOf(node: HastNode, uses: ImageUses): LibraryImage | false | undefined {
  if (node.type !== 'element' || node.tagName !== 'img') return undefined;
  const src = node.properties.src;
  const match = typeof src === 'string' ? LIBRARY_IMAGE_SRC.exec(src) : null;
  return match ? (uses.library.get(Number(match[1])) ?? false) : undefined;
}

/** Alt text of a library image: the body's, else the library's; an image with neither is reported. */
function altOf(node: HastElement, image: LibraryImage, uses: ImageUses): string {
  uses.used.add(image.id);
  const own = typeof node.properties.alt === 'string' ? node.properties.alt.trim() : '';
  const alt = own || image.alt;
  if (!alt) uses.withoutAlt.add(image.fileName);
  return alt;
}

/**
 * Replaces each library image with its `<picture>`, and a paragraph holding nothing but one with its `<figure>` (a
 * figure cannot sit inside a paragraph). A name the library does not have (a mistyped number) shows its alt text.
 */
function expandLibraryImages(node: HastNode, uses: ImageUses): void {
  if (!('children' in node)) return;
  const children = node.children as HastNode[];
  children.forEach((child, i) => {
    if (child.type !== 'element') return;
    const content = child.tagName === 'p' ? child.children.filter((c) => c.type !== 'text' || c.value.trim()) : [];
    const alone = content.length === 1 ? libraryImageOf(content[0]!, uses) : undefined;
    if (alone) {
      children[i] = figureNode(alone, altOf(content[0] as HastElement, alone, uses)) as HastElement;
      return;
    }
    const image = libraryImageOf(child, uses);
    if (image) children[i] = pictureNode(image, altOf(child, image, uses)) as HastElement;
    else if (image === false) showAltText(child);
    else expandLibraryImages(child, uses);
  });
}

/**
 * Render post markdown (CommonMark + GFM) to sanitised HTML; the only way markdown becomes HTML.
 * Throws MarkdownRenderError for markdown beyond the limits checkMarkdownLimits enforces.
 */
export function renderMarkdown(markdown: string): string {
  return renderTree(parseWithinLimits(markdown));
}

/** A rendered post body: HTML, search text, and the library images it uses (ids) and leaves without alt (names). */
export interface RenderedPost {
  html: string;
  text: string;
  images: { used: number[]; withoutAlt: string[] };
}

/**
 * A post body as stored on save: its sanitised HTML and its plain search text, from one parse. `library` holds the
 * media library's images the body may name (markdown-images.ts); each becomes a responsive picture.
 */
export function renderPost(markdown: string, library: ReadonlyMap<number, LibraryImage> = new Map()): RenderedPost {
  const tree = parseWithinLimits(markdown);
  // Text first: the tree is the renderer's input and is not read again afterwards.
  const text = plainText(tree);
  const uses: ImageUses = { library, used: new Set(), withoutAlt: new Set() };
  const html = renderTree(tree, uses);
  return { html, text, images: { used: [...uses.used], withoutAlt: [...uses.withoutAlt] } };
}

/** The markdown syntax tree (with GFM), for callers that need structure rather than HTML. */
export function parseMarkdown(markdown: string): MdastRoot {
  return guarded(() => mdastParser.parse(markdown));
}

/** The root of a markdown (mdast) tree. */
export type MdastRoot = ReturnType<typeof mdastParser.parse>;
/** Any node of a markdown tree. */
export type MdastNode = MdastRoot | MdastRoot['children'][number];

/** Containers whose children are separate blocks, so their texts must not run together. */
const BLOCK_CONTAINERS = new Set(['root', 'blockquote', 'list', 'listItem', 'table', 'tableRow', 'footnoteDefinition']);
/** Nodes that carry no reader-visible text: raw HTML is never rendered; images and definitions are not prose. */
const SILENT = new Set(['html', 'image', 'imageReference', 'definition', 'footnoteReference', 'thematicBreak']);

/** Text of a leaf, or null for a node whose text is its children's. */
function leafText(node: MdastNode): string | null {
  if (SILENT.has(node.type)) return '';
  if (node.type === 'break') return '\n';
  if ('value' in node) return node.value;
  if (!('children' in node)) return '';
  return null;
}

/** Reader-visible text of a markdown node; blocks end up on separate lines. Iterative, so no nesting overflows it. */
export function nodeToText(node: MdastNode): string {
  const own = leafText(node);
  if (own !== null) return own;
  // Each frame collects its children's texts; a finished frame hands its joined text to its parent.
  const frames: { node: MdastNode; children: MdastNode[]; next: number; parts: string[] }[] = [];
  const open = (parent: MdastNode): void => {
    frames.push({
      node: parent,
      children: 'children' in parent ? (parent.children as MdastNode[]) : [],
      next: 0,
      parts: [],
    });
  };
  open(node);
  for (;;) {
    const frame = frames[frames.length - 1];
    if (!frame) return '';
    const child = frame.children[frame.next++];
    if (child) {
      const text = leafText(child);
      if (text === null) open(child);
      else frame.parts.push(text);
      continue;
    }
    const text = frame.parts.join(BLOCK_CONTAINERS.has(frame.node.type) ? '\n' : '');
    frames.pop();
    const parent = frames[frames.length - 1];
    if (!parent) return text;
    parent.parts.push(text);
  }
}

/** Plain text of a tree: one block per line, spaces collapsed. */
function plainText(tree: MdastRoot): string {
  return nodeToText(tree)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** Plain text of markdown for search indexes, excerpts and word counts: one block per line, spaces collapsed. */
export function markdownToPlainText(markdown: string): string {
  return plainText(parseMarkdown(markdown));
}

/** A word is a run of non-space characters with at least one letter or digit (so '—' and '-' are not words). */
export function wordsOf(text: string): string[] {
  return text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token));
}

/** Number of words a reader sees in the markdown. */
export function countWords(markdown: string): number {
  return wordsOf(markdownToPlainText(markdown)).length;
}

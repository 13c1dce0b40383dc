/**
 * Enhancements: islands without a framework. The markup is the server's (an Astro component's, passed as the
 * island's children), and when the island wakes a plain function attaches behaviour to it. A control whose every
 * state the server can draw (a Save button, a share menu, a status line) needs no rendering library in the browser:
 * the reader downloads the function alone, about a kilobyte, instead of React's ~65 KB.
 *
 * ```astro
 * <ArticleActions client:interaction post={card} url={url}>…the controls' markup…</ArticleActions>
 * ```
 * where `site/islands/article-actions.ts` is `export default enhancement<Props>((root, props) => { … })`.
 * Astro hands the tagged function to the `northwire:enhance` renderer (./server.ts, ./client.ts), never to React.
 */
export const ENHANCE_RENDERER = 'northwire:enhance';

/** Astro's tag for a component's renderer (astro/dist/runtime/server/render/common.js). */
const ASTRO_RENDERER = Symbol.for('astro:renderer');

/** Attaches behaviour to the island's server markup; `root` is the island element. */
export type Enhance<Props> = (root: HTMLElement, props: Props) => void;

export type Enhancement<Props> = Enhance<Props> & { readonly [ASTRO_RENDERER]: typeof ENHANCE_RENDERER };

export function enhancement<Props>(enhance: Enhance<Props>): Enhancement<Props> {
  return Object.assign(enhance, { [ASTRO_RENDERER]: ENHANCE_RENDERER } as const);
}

export function isEnhancement(value: unknown): value is Enhancement<unknown> {
  return typeof value === 'function' && (value as Partial<Enhancement<unknown>>)[ASTRO_RENDERER] === ENHANCE_RENDERER;
}

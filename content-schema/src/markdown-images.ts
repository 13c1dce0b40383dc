/**
 * Images of the media library inside a post body. The editor writes one as `![alt](/media/42)`; when the post is
 * rendered, each becomes a `<picture>` of the image's AVIF and WebP variants with its fallback, its intrinsic size
 * (no layout shift), lazy loading, and, when it stands alone in its paragraph, a `<figure>` with its caption and
 * credit. The alt text is the body's, else the library's; an image with neither is reported so the post cannot be
 * published (docs/decisions/023-library-images-in-posts.md).
 */
import type { Media } from './media.ts';

/** What rendering needs of a library image. */
export type LibraryImage = Pick<
  Media,
  'id' | 'fileName' | 'width' | 'height' | 'alt' | 'caption' | 'credit' | 'licence' | 'variants' | 'fallback'
>;

/** The path a body names a library image by; it redirects to the image's current fallback file. */
export const LIBRARY_IMAGE_SRC = /^\/media\/([1-9][0-9]{0,14})$/;

/** Every number a body may name a library image by (a superset: references in code blocks count too). */
export function libraryImageIds(markdown: string): number[] {
  const ids = new Set<number>();
  for (const [, id] of markdown.matchAll(/\/media\/([1-9][0-9]{0,14})(?![0-9a-z.])/g)) ids.add(Number(id));
  return [...ids];
}

/** The width a body image is shown at: the article column (max-w-3xl, 48rem), less the page's padding on phones. */
export const BODY_IMAGE_SIZES = '(min-width: 52rem) 48rem, calc(100vw - 2rem)';

export const mediaPath = (file: string) => `/media/${file}`;

/** `srcset` of one format's variants: "/media/a.avif 320w, /media/b.avif 640w". */
export function srcsetOf(image: Pick<LibraryImage, 'variants'>, format: 'avif' | 'webp'): string {
  return image.variants
    .filter((v) => v.format === format)
    .sort((a, b) => a.width - b.width)
    .map((v) => `${mediaPath(v.file)} ${v.width}w`)
    .join(', ');
}

/** The line under a figure: the caption, then the credit and licence. */
export function creditLine(image: Pick<LibraryImage, 'credit' | 'licence'>): string {
  if (!image.credit) return image.licence;
  return image.licence ? `${image.credit} (${image.licence})` : image.credit;
}

// hast, written out: content-schema does not depend on the hast types, and these nodes are all it builds.
interface Element {
  type: 'element';
  tagName: string;
  properties: Record<string, string | number | string[]>;
  children: (Element | { type: 'text'; value: string })[];
}

const el = (tagName: string, properties: Element['properties'], children: Element['children'] = []): Element => ({
  type: 'element',
  tagName,
  properties,
  children,
});

/** A `<picture>` of the image: AVIF, then WebP, then the fallback `<img>` with its size, lazy and async. */
export function pictureNode(image: LibraryImage, alt: string, sizes = BODY_IMAGE_SIZES): Element {
  const sources = (['avif', 'webp'] as const)
    .map((format) => ({ format, srcSet: srcsetOf(image, format) }))
    .filter((s) => s.srcSet)
    .map((s) => el('source', { type: `image/${s.format}`, srcSet: s.srcSet, sizes }));
  const img = el('img', {
    src: mediaPath(image.fallback.file),
    alt,
    width: image.width,
    height: image.height,
    loading: 'lazy',
    decoding: 'async',
  });
  return el('picture', {}, [...sources, img]);
}

/** A `<figure>` of the picture with its caption and credit (a bare picture when it has neither). */
export function figureNode(image: LibraryImage, alt: string): Element {
  const caption: Element['children'] = [];
  if (image.caption) caption.push({ type: 'text', value: image.caption });
  const credit = creditLine(image);
  if (credit) {
    if (caption.length) caption.push({ type: 'text', value: ' ' });
    caption.push(el('span', { className: ['media-credit'] }, [{ type: 'text', value: credit }]));
  }
  const children: Element['children'] = [pictureNode(image, alt)];
  if (caption.length) children.push(el('figcaption', {}, caption));
  return el('figure', { className: ['media-figure'] }, children);
}

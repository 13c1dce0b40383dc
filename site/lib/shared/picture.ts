/**
 * Feature images as pages draw them (docs/decisions/024-feature-images.md): a `<picture>` of the library image's
 * AVIF and WebP variants and its fallback, with its intrinsic size (no layout shift), cropped by CSS to the slot's
 * shape around the post's focal point. One copy for the server (hero, cards, Home's featured block) and the listing
 * enhancement in the browser, which draws cards from their JSON.
 */
import { mediaPath, srcsetOf } from 'content-schema/markdown-images';
import type { SiteFeatureImage } from 'content-schema/site-feed';
import { html, type Html } from './html.ts';
import type { PictureSource } from './post-card.ts';

export type { PictureSource } from './post-card.ts';

/** Widths a card's picture offers: a card is at most ~24rem wide, 960 px covers it at a density of 2.5. */
export const CARD_MAX_WIDTH = 960;

/** A library image as a picture source, its variants up to `maxWidth` (all of them when it has none narrower). */
export function pictureSourceOf(image: SiteFeatureImage, maxWidth = Infinity): PictureSource {
  const narrow = image.variants.filter((v) => v.width <= maxWidth);
  const smallest = Math.min(...image.variants.map((v) => v.width));
  const variants = narrow.length > 0 ? narrow : image.variants.filter((v) => v.width === smallest);
  return {
    alt: image.alt,
    width: image.width,
    height: image.height,
    x: image.focusX,
    y: image.focusY,
    src: mediaPath(image.fallback.file),
    avif: srcsetOf({ variants }, 'avif'),
    webp: srcsetOf({ variants }, 'webp'),
  };
}

export interface PictureOptions {
  /** The slot's width, as `sizes` says it. */
  sizes: string;
  /** Classes of the `<img>` (its shape: `aspect-video w-full object-cover`…). */
  className: string;
  /** The hero: fetched first, never lazily. Everything else waits until it nears the viewport. */
  priority?: boolean;
}

/** The `<picture>`: AVIF, then WebP, then the fallback `<img>` with its size, focal point and loading. */
export function pictureHtml(image: PictureSource, { sizes, className, priority = false }: PictureOptions): Html {
  const source = (type: string, srcset: string) =>
    srcset && html`<source type="${type}" srcset="${srcset}" sizes="${sizes}">`;
  const loading = priority ? html`fetchpriority="high" decoding="async"` : html`loading="lazy" decoding="async"`;
  return html`<picture>${source('image/avif', image.avif)}${source('image/webp', image.webp)}<img src="${image.src}" alt="${image.alt}" width="${image.width}" height="${image.height}" class="${className}" style="object-position:${image.x}% ${image.y}%" ${loading}></picture>`;
}

/** The article hero's picture spans the page up to 64rem (max-w-5xl), less the page's padding. */
export const HERO_SIZES = '(min-width: 68rem) 64rem, (min-width: 40rem) calc(100vw - 3rem), calc(100vw - 2rem)';

/** The article hero's picture: the page's largest image, so fetched first (and preloaded, `heroPreload`). */
export function heroPictureHtml(image: SiteFeatureImage): Html {
  return pictureHtml(pictureSourceOf(image), {
    sizes: HERO_SIZES,
    className: 'aspect-video w-full rounded-xl object-cover shadow-sm',
    priority: true,
  });
}

/** The attributes of the hero's `<link rel="preload">`: the AVIF set the picture will choose from. */
export function heroPreload(image: SiteFeatureImage) {
  return { imagesrcset: pictureSourceOf(image).avif, imagesizes: HERO_SIZES };
}

/**
 * The one file of a feature image that feeds, sitemaps and structured data name: the fallback (JPEG, or PNG for an
 * image with transparency), which every reader and crawler can show.
 */
export function featureImageFile(image: SiteFeatureImage) {
  const { file, format, bytes, width, height } = image.fallback;
  return { path: mediaPath(file), type: `image/${format}`, bytes, width, height };
}

/**
 * What an article's share image shows, as a satori element tree: the site's mark and name, the category pill, the
 * title and the byline over rings in the category's colours. Pure: the tree's JSON is part of the image's file
 * name (og-image.ts), so anything that changes the drawing changes the name.
 */
import type { ReactElement } from 'react';
import { categoryStyle } from 'content-schema/categories';
import { personaByName } from 'content-schema/personas';
import { SITE_NAME } from 'content-schema/site';
import { heroShapes } from '../lib/build/hero-art.ts';
import { SANS, SERIF } from './og-image-fonts.ts';

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

/** What an article's image draws. */
export interface OgImageInput {
  title: string;
  category: string;
  /** The byline: an AI writer persona's name or a person's. */
  author: string;
  /**
   * The post's feature image: a file of the media library (content-addressed, so its name stands for its pixels)
   * and the focal point the card is cropped around. Without one the card draws the category's art.
   */
  image?: { file: string; focusX: number; focusY: number };
}

/** A satori element: React's element shape, written out so no JSX runtime is needed. */
type OgNode = ReactElement<
  { style?: Record<string, string | number>; children?: OgChild | OgChild[]; [attr: string]: unknown },
  string
>;
type OgChild = OgNode | string;
type CategoryStyle = ReturnType<typeof categoryStyle>;

function el(type: string, props: Record<string, unknown>, ...children: OgChild[]): OgNode {
  return {
    type,
    key: null,
    props: children.length ? { ...props, children: children.length === 1 ? children[0] : children } : props,
  };
}

const INK = '#0f172a'; // slate-900, the background of the site card (og-default.png)
const BRAND = '#312e81'; // brand-800
const BRAND_AVATAR = '#3730a3'; // brand-700, the byline's initial
const BRAND_SOFT = '#a5b4fc'; // the logo's dot

/** Positioned, so the rows paint above the art (positioned boxes paint after in-flow ones, as in CSS). */
const ABOVE_ART = { display: 'flex', position: 'relative' } as const;

/** A circle of radius `r` centred on (cx, cy), behind the rows. */
function disc(cx: number, cy: number, r: number, paint: Record<string, string | number>): OgNode {
  return el('div', {
    style: { position: 'absolute', left: cx - r, top: cy - r, width: 2 * r, height: 2 * r, borderRadius: r, ...paint },
  });
}

/** The title's size steps down with its length, so a long headline still fits in four lines. */
function titleSize(title: string): number {
  if (title.length <= 50) return 72;
  if (title.length <= 90) return 60;
  return 50;
}

/**
 * The art behind the rows: two discs in the category's accent and the rings of the article hero, seeded by the
 * title and stretched from its 1200 × 400 canvas. Flat shapes rather than a gradient (a gradient's every pixel
 * differs, which makes the PNG four times larger), and as boxes rather than an inline SVG, which satori embeds as
 * a nested image that costs the rasteriser ~40 ms.
 */
function art(title: string, style: CategoryStyle): OgNode[] {
  const rings = heroShapes(title, 7).filter((s) => s.kind === 'ring');
  return [
    disc(1090, 40, 420, { backgroundColor: style.accent, opacity: 0.28 }),
    disc(1090, 40, 250, { backgroundColor: style.accent, opacity: 0.22 }),
    ...rings.map((r) =>
      disc(r.x, Math.round((r.y * 630) / 400), r.size, {
        border: `2px solid ${style.background}`,
        opacity: r.opacity / 2,
      }),
    ),
  ];
}

/**
 * The feature image filling the card (`src` is the cropped picture when drawing; the file's path in the tree that
 * names the card), under a dark veil so the white text stays legible on any picture.
 */
function photo(src: string): OgNode[] {
  const fill = { position: 'absolute', left: 0, top: 0, width: OG_WIDTH, height: OG_HEIGHT } as const;
  return [
    el('img', { src, width: OG_WIDTH, height: OG_HEIGHT, style: fill }),
    el('div', {
      style: {
        ...fill,
        backgroundImage:
          'linear-gradient(to top, rgba(15,23,42,0.94) 0%, rgba(15,23,42,0.7) 55%, rgba(15,23,42,0.45) 100%)',
      },
    }),
  ];
}

/** What stands for the cropped picture in the tree that names the card: the file and the point it is cropped around. */
const photoName = ({ file, focusX, focusY }: NonNullable<OgImageInput['image']>) =>
  `/media/${file}?focus=${focusX},${focusY}`;

/** The top row: the site's mark (the favicon's, site/public/favicon.svg) and name, and the category pill. */
function masthead(category: string, style: CategoryStyle): OgNode {
  const mark = el(
    'svg',
    { width: 64, height: 64, viewBox: '0 0 32 32' },
    el('rect', { width: 32, height: 32, rx: 7, fill: BRAND }),
    el('path', {
      d: 'M9 24V8l14 16V8',
      fill: 'none',
      stroke: '#ffffff',
      'stroke-width': 3,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    }),
    el('circle', { cx: 23, cy: 8, r: 2.5, fill: BRAND_SOFT }),
  );
  const pillStyle = {
    display: 'flex',
    padding: '10px 24px',
    borderRadius: 999,
    backgroundColor: style.background,
    color: style.foreground,
    fontSize: 26,
    fontWeight: 700,
  };
  return el(
    'div',
    { style: { ...ABOVE_ART, alignItems: 'center', justifyContent: 'space-between' } },
    el(
      'div',
      { style: { display: 'flex', alignItems: 'center' } },
      mark,
      el('div', { style: { marginLeft: 22, fontSize: 40, fontWeight: 700, letterSpacing: -0.5 } }, SITE_NAME),
    ),
    el('div', { style: pillStyle }, category),
  );
}

/** The title, filling the middle of the card. */
function headline(title: string): OgNode {
  const style = {
    display: 'block',
    fontFamily: SERIF,
    fontSize: titleSize(title),
    fontWeight: 700,
    lineHeight: 1.12,
    letterSpacing: -0.5,
    lineClamp: 4,
    maxWidth: 1020,
  };
  return el('div', { style: { ...ABOVE_ART, flexGrow: 1, alignItems: 'center' } }, el('div', { style }, title));
}

/** The byline: the author's initial in a circle, the name, and what a persona is. */
function byline(author: string): OgNode {
  const avatarStyle = {
    display: 'flex',
    width: 60,
    height: 60,
    borderRadius: 30,
    alignItems: 'center',
    justifyContent: 'center',
    backgroundColor: BRAND_AVATAR,
    fontSize: 30,
    fontWeight: 700,
  };
  return el(
    'div',
    { style: { ...ABOVE_ART, alignItems: 'center' } },
    el('div', { style: avatarStyle }, author.charAt(0).toUpperCase()),
    el(
      'div',
      { style: { display: 'flex', flexDirection: 'column', marginLeft: 20 } },
      el('div', { style: { fontSize: 28, fontWeight: 700, color: '#e2e8f0' } }, author),
      // A persona is not a person: the card says what it is, as the article's byline does.
      ...(personaByName(author)
        ? [el('div', { style: { fontSize: 22, color: BRAND_SOFT, marginTop: 2 } }, 'AI writer persona')]
        : []),
    ),
  );
}

/**
 * The element tree of an article's image (pure; its JSON is part of the file name). `imageSrc` is the feature
 * image's cropped picture when drawing; the tree that names the file has the image's path instead.
 */
export function ogImageTree(input: OgImageInput, imageSrc?: string): OgNode {
  const style = categoryStyle(input.category);
  const cardStyle = {
    width: OG_WIDTH,
    height: OG_HEIGHT,
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    position: 'relative',
    backgroundColor: INK,
    color: '#ffffff',
    fontFamily: SANS,
    paddingTop: 64,
    paddingRight: 90,
    paddingBottom: 72,
    paddingLeft: 90,
  };
  const accentBar = {
    position: 'absolute',
    left: 0,
    bottom: 0,
    width: OG_WIDTH,
    height: 12,
    backgroundColor: style.accent,
  };
  return el(
    'div',
    { style: cardStyle },
    ...(input.image ? photo(imageSrc ?? photoName(input.image)) : art(input.title, style)),
    masthead(input.category, style),
    headline(input.title),
    byline(input.author),
    el('div', { style: accentBar }),
  );
}

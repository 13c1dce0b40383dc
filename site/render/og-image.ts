/**
 * Per-article Open Graph images: a 1200 × 630 PNG drawn from the article's title, category and author (persona)
 * in the site's colours, with satori (layout and text to SVG) and sharp (SVG to PNG, libvips and librsvg).
 *
 * Why sharp (already installed for Astro): @resvg/resvg-js frees each 3 MB pixmap only when V8 collects its small
 * wrapper, which it has no reason to do soon, so a renderer drawing hundreds of images grew by ~4 MB an image;
 * @resvg/resvg-wasm frees them at once but drew at a third of the speed. sharp keeps its memory in libvips (cache
 * off), returns a Buffer, and draws on libuv's thread pool.
 *
 * An image is named by a content hash of what it draws, `og/<slug>/<hash>.png`: an unchanged article keeps its
 * file and is never drawn again, and a changed title, category, author or drawing gets a new name, so a CDN or a
 * social network never serves a stale card under a URL it has cached. The hash covers the element tree itself
 * (every text, colour and size) plus the versions of the fonts and libraries that turn it into pixels, so a
 * change to the drawing cannot reuse old files by mistake. The libraries and fonts load on the first image drawn,
 * once per process: a renderer that only previews never loads them.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, linkSync, mkdirSync, readFileSync, readdirSync, rmdirSync } from 'node:fs';
import { createRequire, findPackageJSON } from 'node:module';
import { dirname, join } from 'node:path';
import type { ReactElement } from 'react';
import { z } from 'zod';
import { categoryStyle } from 'content-schema/categories';
import { personaByName } from 'content-schema/personas';
import { SITE_NAME } from 'content-schema/site';
import { heroShapes } from '../lib/hero-art.ts';
import { removeFile, writeAtomic } from './outputs.ts';

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;
/** Where the images live in the site folder: one folder per slug, so a post's images are found without a scan. */
export const OG_DIR = 'og';

/** What an article's image draws. */
export interface OgImageInput {
  title: string;
  category: string;
  /** The byline: an AI writer persona's name or a person's. */
  author: string;
}

/** A satori element: React's element shape, written out so no JSX runtime is needed. */
type OgNode = ReactElement<{ style?: Record<string, string | number>; children?: OgChild | OgChild[]; [attr: string]: unknown }, string>;
type OgChild = OgNode | string;

function el(type: string, props: Record<string, unknown>, ...children: OgChild[]): OgNode {
  return { type, key: null, props: children.length ? { ...props, children: children.length === 1 ? children[0] : children } : props };
}

const require = createRequire(import.meta.url);

/**
 * The fonts drawn with, as WOFF (satori reads TTF, OTF and WOFF, not WOFF2), one family name per Unicode subset:
 * satori falls back from family to family, never between files of one name. A title with characters none of them
 * has (CJK, emoji) gets the site's default image rather than boxes.
 */
const SUBSETS = ['latin', 'latin-ext', 'greek', 'cyrillic', 'cyrillic-ext', 'vietnamese'] as const;
const FONT_FILES = SUBSETS.flatMap((subset) => [
  { name: `Inter ${subset}`, weight: 400, pkg: '@fontsource/inter', file: `inter-${subset}-400-normal.woff` },
  { name: `Inter ${subset}`, weight: 700, pkg: '@fontsource/inter', file: `inter-${subset}-700-normal.woff` },
  { name: `Source Serif 4 ${subset}`, weight: 700, pkg: '@fontsource/source-serif-4', file: `source-serif-4-${subset}-700-normal.woff` },
] as const);

const SANS = SUBSETS.map((s) => `'Inter ${s}'`).join(', ');
const SERIF = SUBSETS.map((s) => `'Source Serif 4 ${s}'`).join(', ');
const INK = '#0f172a'; // slate-900, the background of the site card (og-default.png)
const BRAND = '#312e81'; // brand-800
const BRAND_AVATAR = '#3730a3'; // brand-700, the byline's initial
const BRAND_SOFT = '#a5b4fc'; // the logo's dot

/** Positioned, so the rows paint above the art (positioned boxes paint after in-flow ones, as in CSS). */
const ABOVE_ART = { display: 'flex', position: 'relative' } as const;

/** A circle of radius `r` centred on (cx, cy), behind the rows. */
function disc(cx: number, cy: number, r: number, paint: Record<string, string | number>): OgNode {
  return el('div', { style: { position: 'absolute', left: cx - r, top: cy - r, width: 2 * r, height: 2 * r, borderRadius: r, ...paint } });
}

/** The title's size steps down with its length, so a long headline still fits in four lines. */
function titleSize(title: string): number {
  if (title.length <= 50) return 72;
  if (title.length <= 90) return 60;
  return 50;
}

/** The element tree of an article's image (pure; its JSON is part of the file name). */
export function ogImageTree(input: OgImageInput): OgNode {
  const style = categoryStyle(input.category);
  const persona = personaByName(input.author);
  const size = titleSize(input.title);
  // The rings of the article hero, seeded by the title and stretched from its 1200 × 400 canvas.
  const rings = heroShapes(input.title, 7).filter((s) => s.kind === 'ring');
  return el(
    'div',
    {
      style: {
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
      },
    },
    // Flat shapes rather than a gradient (a gradient's every pixel differs, which makes the PNG four times larger),
    // and as boxes rather than an inline SVG, which satori embeds as a nested image that costs the rasteriser ~40 ms.
    disc(1090, 40, 420, { backgroundColor: style.accent, opacity: 0.28 }),
    disc(1090, 40, 250, { backgroundColor: style.accent, opacity: 0.22 }),
    ...rings.map((r) => disc(r.x, Math.round((r.y * 630) / 400), r.size, { border: `2px solid ${style.background}`, opacity: r.opacity / 2 })),
    el(
      'div',
      { style: { ...ABOVE_ART, alignItems: 'center', justifyContent: 'space-between' } },
      el(
        'div',
        { style: { display: 'flex', alignItems: 'center' } },
        // The favicon's mark (site/public/favicon.svg).
        el(
          'svg',
          { width: 64, height: 64, viewBox: '0 0 32 32' },
          el('rect', { width: 32, height: 32, rx: 7, fill: BRAND }),
          el('path', { d: 'M9 24V8l14 16V8', fill: 'none', stroke: '#ffffff', 'stroke-width': 3, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }),
          el('circle', { cx: 23, cy: 8, r: 2.5, fill: BRAND_SOFT }),
        ),
        el('div', { style: { marginLeft: 22, fontSize: 40, fontWeight: 700, letterSpacing: -0.5 } }, SITE_NAME),
      ),
      el(
        'div',
        {
          style: {
            display: 'flex',
            padding: '10px 24px',
            borderRadius: 999,
            backgroundColor: style.background,
            color: style.foreground,
            fontSize: 26,
            fontWeight: 700,
          },
        },
        input.category,
      ),
    ),
    el(
      'div',
      { style: { ...ABOVE_ART, flexGrow: 1, alignItems: 'center' } },
      el(
        'div',
        {
          style: {
            display: 'block',
            fontFamily: SERIF,
            fontSize: size,
            fontWeight: 700,
            lineHeight: 1.12,
            letterSpacing: -0.5,
            lineClamp: 4,
            maxWidth: 1020,
          },
        },
        input.title,
      ),
    ),
    el(
      'div',
      { style: { ...ABOVE_ART, alignItems: 'center' } },
      el(
        'div',
        {
          style: {
            display: 'flex',
            width: 60,
            height: 60,
            borderRadius: 30,
            alignItems: 'center',
            justifyContent: 'center',
            backgroundColor: BRAND_AVATAR,
            fontSize: 30,
            fontWeight: 700,
          },
        },
        input.author.charAt(0).toUpperCase(),
      ),
      el(
        'div',
        { style: { display: 'flex', flexDirection: 'column', marginLeft: 20 } },
        el('div', { style: { fontSize: 28, fontWeight: 700, color: '#e2e8f0' } }, input.author),
        // A persona is not a person: the card says what it is, as the article's byline does.
        ...(persona ? [el('div', { style: { fontSize: 22, color: BRAND_SOFT, marginTop: 2 } }, 'AI writer persona')] : []),
      ),
    ),
    el('div', { style: { position: 'absolute', left: 0, bottom: 0, width: OG_WIDTH, height: 12, backgroundColor: style.accent } }),
  );
}

/** A package's name and version (found through module resolution: not every package exports its package.json). */
function versionOf(pkg: string): string {
  const file = findPackageJSON(pkg, import.meta.url);
  if (!file) throw new Error(`${pkg} is not installed`);
  return `${pkg}@${z.object({ version: z.string() }).parse(JSON.parse(readFileSync(file, 'utf8'))).version}`;
}

/** The versions of everything that turns a tree into pixels: another version may draw other pixels. */
const DRAWN_WITH = [
  versionOf('satori'),
  versionOf('sharp'),
  versionOf('@fontsource/inter'),
  versionOf('@fontsource/source-serif-4'),
  ...FONT_FILES.map((f) => f.file),
].join(' ');

/** The content hash of an image: its element tree and what draws it (16 hex digits). */
export function ogImageHash(input: OgImageInput): string {
  return createHash('sha256').update(DRAWN_WITH).update('\0').update(JSON.stringify(ogImageTree(input))).digest('hex').slice(0, 16);
}

/** The image's file in the site folder, e.g. 'og/some-slug/3f2a9c0b1d2e4f56.png'. */
export function ogImageFile(slug: string, input: OgImageInput): string {
  return `${OG_DIR}/${slug}/${ogImageHash(input)}.png`;
}

/** What an article's image draws, from its summary. */
export function ogImageInput(post: { title: string; category: string; authorName: string }): OgImageInput {
  return { title: post.title, category: post.category, author: post.authorName };
}

let drawing: Promise<(input: OgImageInput) => Promise<Uint8Array>> | null = null;

/** Loads satori, sharp and the fonts once per process. */
function loadDrawing(): Promise<(input: OgImageInput) => Promise<Uint8Array>> {
  drawing ??= (async () => {
    const [{ default: satori }, { default: sharp }] = await Promise.all([import('satori'), import('sharp')]);
    // Every image is new: libvips' operation cache would only hold memory. One thread: the server shares the cores.
    sharp.cache(false);
    sharp.concurrency(1);
    const fonts = FONT_FILES.map((f) => ({
      name: f.name,
      weight: f.weight,
      style: 'normal' as const,
      data: readFileSync(require.resolve(`${f.pkg}/files/${f.file}`)),
    }));
    return async (input: OgImageInput) => {
      const svg = await satori(ogImageTree(input), {
        width: OG_WIDTH,
        height: OG_HEIGHT,
        fonts,
        // Satori asks for more fonts (or emoji images) for text none of the fonts covers: boxes are worse than
        // the site's default image, so the drawing fails and the article shows that.
        loadAdditionalAsset: async (language, text) => {
          throw new Error(`no font for “${text}” (${language})`);
        },
      });
      // Text is already paths (satori), so librsvg needs no fonts.
      return sharp(Buffer.from(svg)).png().toBuffer();
    };
  })();
  drawing.catch(() => {
    drawing = null;
  });
  return drawing;
}

/** Draws an article's image as PNG bytes. */
export async function renderOgImage(input: OgImageInput): Promise<Uint8Array> {
  return (await loadDrawing())(input);
}

/** An article's image, ready to be put into the folder after its page has rendered. */
export interface PreparedImage {
  /** Root-relative URL, e.g. '/og/some-slug/3f2a9c0b1d2e4f56.png'. */
  path: string;
  /** Puts the file in place; false when it was already there. */
  commit(): boolean;
}

export interface OgImagesOptions {
  /** Draws an image (tests count calls). */
  render?: (input: OgImageInput) => Promise<Uint8Array>;
  /** Where a failure to draw is reported. */
  log?: (message: string) => void;
}

/** The images of a site folder: reused by hash, drawn only when missing, removed with their article. */
export function ogImages({ render = renderOgImage, log = console.error }: OgImagesOptions = {}) {
  /** Files that could not be drawn: drawing is deterministic, so they are not tried (or reported) again. */
  const failed = new Set<string>();
  return {
    /**
     * The image of an article for `dir`: its file when already there, a hard link to the same file in `reuseDir`
     * (the live folder, during a full render into a new one), else drawn now (unless `draw` is false). Null when
     * there is none (not drawn, or it cannot be: reported once): the page then shows the site's default image,
     * and an image never stops its article.
     */
    async prepare(
      dir: string,
      slug: string,
      input: OgImageInput,
      { reuseDir = null, draw = true }: { reuseDir?: string | null; draw?: boolean } = {},
    ): Promise<PreparedImage | null> {
      const file = ogImageFile(slug, input);
      const path = `/${file}`;
      const target = join(dir, file);
      if (existsSync(target)) return { path, commit: () => false };
      const source = reuseDir ? join(reuseDir, file) : null;
      if (source && existsSync(source)) {
        return {
          path,
          commit: () => {
            mkdirSync(dirname(target), { recursive: true });
            try {
              linkSync(source, target);
            } catch {
              // Another file system (or a file that arrived meanwhile): a copy serves as well.
              copyFileSync(source, target);
            }
            return true;
          },
        };
      }
      if (!draw || failed.has(file)) return null;
      try {
        const png = await render(input);
        return {
          path,
          commit: () => {
            writeAtomic(dir, file, png);
            return true;
          },
        };
      } catch (err) {
        failed.add(file);
        log(`[og-image] the image of /post/${slug} could not be drawn (the default image stands in): ${err instanceof Error ? err.message : String(err)}`);
        return null;
      }
    },

    /** Removes the images of `slug` other than `keep` (a file name as `ogImageFile` gives, or null for all); the count removed. */
    prune(dir: string, slug: string, keep: string | null): number {
      const folder = join(dir, OG_DIR, slug);
      let names: string[];
      try {
        names = readdirSync(folder);
      } catch {
        return 0;
      }
      let removed = 0;
      for (const name of names) {
        const file = `${OG_DIR}/${slug}/${name}`;
        if (file !== keep && removeFile(dir, file)) removed++;
      }
      if (removed === names.length) {
        try {
          rmdirSync(folder);
        } catch {
          // Another file arrived meanwhile: the folder stays.
        }
      }
      return removed;
    },
  };
}

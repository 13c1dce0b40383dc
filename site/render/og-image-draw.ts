/**
 * Draws a share image's element tree (og-image-tree.ts) as a PNG: satori lays out the tree and turns its text into
 * SVG paths, sharp (libvips and librsvg) encodes the PNG.
 *
 * Why sharp (already installed for Astro): @resvg/resvg-js frees each 3 MB pixmap only when V8 collects its small
 * wrapper, which it has no reason to do soon, so a renderer drawing hundreds of images grew by ~4 MB an image;
 * @resvg/resvg-wasm frees them at once but drew at a third of the speed. sharp keeps its memory in libvips (cache
 * off), returns a Buffer, and draws on libuv's thread pool. The libraries and fonts load on the first image drawn,
 * once per process: a renderer that only previews never loads them.
 */
import { readFileSync } from 'node:fs';
import { createRequire, findPackageJSON } from 'node:module';
import { z } from 'zod';
import { FONT_FILES } from './og-image-fonts.ts';
import { OG_HEIGHT, OG_WIDTH, ogImageTree, type OgImageInput } from './og-image-tree.ts';

const require = createRequire(import.meta.url);

/** A package's name and version (found through module resolution: not every package exports its package.json). */
function versionOf(pkg: string): string {
  const file = findPackageJSON(pkg, import.meta.url);
  if (!file) throw new Error(`${pkg} is not installed`);
  return `${pkg}@${z.object({ version: z.string() }).parse(JSON.parse(readFileSync(file, 'utf8'))).version}`;
}

/** The versions of everything that turns a tree into pixels: another version may draw other pixels. */
export const DRAWN_WITH = [
  versionOf('satori'),
  versionOf('sharp'),
  versionOf('@fontsource/inter'),
  versionOf('@fontsource/source-serif-4'),
  ...FONT_FILES.map((f) => f.file),
].join(' ');

/** Reads a file of the media library (the renderer's source: the API's `/media/…`). */
export type MediaReader = (file: string) => Promise<Uint8Array>;

type Draw = (input: OgImageInput, readMedia?: MediaReader) => Promise<Uint8Array>;
type Sharp = (typeof import('sharp'))['default'];

let drawing: Promise<Draw> | null = null;

/**
 * The feature image cropped to the card around its focal point, as a JPEG data URL: scaled to cover 1200 × 630,
 * then the window centred on the focal point as far as the picture allows.
 */
export async function croppedPhoto(sharp: Sharp, bytes: Uint8Array, focus: { focusX: number; focusY: number }) {
  const { width = OG_WIDTH, height = OG_HEIGHT } = await sharp(bytes).metadata();
  const scale = Math.max(OG_WIDTH / width, OG_HEIGHT / height);
  const [w, h] = [Math.max(OG_WIDTH, Math.round(width * scale)), Math.max(OG_HEIGHT, Math.round(height * scale))];
  const at = (focus: number, size: number, window: number) =>
    Math.min(size - window, Math.max(0, Math.round((focus / 100) * size - window / 2)));
  const jpeg = await sharp(bytes)
    .resize(w, h)
    .extract({
      left: at(focus.focusX, w, OG_WIDTH),
      top: at(focus.focusY, h, OG_HEIGHT),
      width: OG_WIDTH,
      height: OG_HEIGHT,
    })
    .jpeg({ quality: 85 })
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

/** Loads satori, sharp and the fonts once per process. */
function loadDrawing(): Promise<Draw> {
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
    return async (input: OgImageInput, readMedia?: MediaReader) => {
      let photo: string | undefined;
      if (input.image) {
        if (!readMedia) throw new Error('the feature image cannot be read here');
        photo = await croppedPhoto(sharp, await readMedia(input.image.file), input.image);
      }
      const svg = await satori(ogImageTree(input, photo), {
        width: OG_WIDTH,
        height: OG_HEIGHT,
        fonts,
        // Satori asks for more fonts (or emoji images) for text none of the fonts covers: boxes are worse than
        // the site's default image, so the drawing fails and the article shows that.
        loadAdditionalAsset: async (language, text) => {
          throw new Error(`no font for “${text}” (${language})`);
        },
      });
      // Text is already paths (satori), so librsvg needs no fonts. A card with a photograph is a JPEG (as a PNG
      // it would weigh a megabyte); the drawn cards stay PNG, which keeps their flat colours crisp and small.
      const image = sharp(Buffer.from(svg));
      return (input.image ? image.jpeg({ quality: 82 }) : image.png()).toBuffer();
    };
  })();
  drawing.catch(() => {
    drawing = null;
  });
  return drawing;
}

/** Draws an article's image as PNG bytes (JPEG with a feature image, read with `readMedia`). */
export async function renderOgImage(input: OgImageInput, readMedia?: MediaReader): Promise<Uint8Array> {
  return (await loadDrawing())(input, readMedia);
}

import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
  mkdirSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ogImageFile, ogImageHash, ogImages } from './og-image.ts';
import sharp from 'sharp';
import { croppedPhoto, renderOgImage } from './og-image-draw.ts';
import type { OgImageInput } from './og-image-tree.ts';

const article: OgImageInput = {
  title: 'Grid storage in the Nordics',
  category: 'Energy Future',
  author: 'Dr. Astrid Lindqvist',
};

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Uint8Array): { width: number; height: number } {
  const view = Buffer.from(png);
  expect(view.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: view.readUInt32BE(16), height: view.readUInt32BE(20) };
}

describe('the name of an article image', () => {
  it('is og/<slug>/<16 hex digits>.png, the same for the same inputs', () => {
    expect(ogImageFile('grid-storage', article)).toMatch(/^og\/grid-storage\/[0-9a-f]{16}\.png$/);
    expect(ogImageFile('grid-storage', { ...article })).toBe(ogImageFile('grid-storage', article));
  });

  it.each([
    ['title', { title: 'Grid storage in the Nordics, revised' }],
    ['category', { category: 'Deep Dive' }],
    ['author', { author: 'Oskar Haraldsen' }],
  ])('changes with the %s', (_field, change) => {
    expect(ogImageHash({ ...article, ...change })).not.toBe(ogImageHash(article));
  });
});

describe('the images of a site folder', () => {
  let dir: string;
  let drawn: OgImageInput[];
  let log: string[];
  const draw = async (input: OgImageInput) => {
    drawn.push(input);
    return new TextEncoder().encode(`png of ${input.title}`);
  };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'og-images-'));
    drawn = [];
    log = [];
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('draws an image once: an unchanged article reuses its file', async () => {
    const images = ogImages({ render: draw });
    const first = await images.prepare(dir, 'grid-storage', article);
    expect(first).toMatchObject({ path: `/${ogImageFile('grid-storage', article)}` });
    expect(drawn).toHaveLength(1);
    expect(first!.commit()).toBe(true);
    expect(readFileSync(join(dir, first!.path), 'utf8')).toBe('png of Grid storage in the Nordics');

    const again = await ogImages({ render: draw }).prepare(dir, 'grid-storage', { ...article });
    expect(again).toMatchObject({ path: first!.path });
    expect(again!.commit()).toBe(false);
    expect(drawn).toHaveLength(1);

    const retitled = await images.prepare(dir, 'grid-storage', { ...article, title: 'Grid storage, revised' });
    expect(retitled!.path).not.toBe(first!.path);
    expect(drawn).toHaveLength(2);
  });

  it('links the file from another folder (the live one, in a full render) instead of drawing it', async () => {
    const live = join(dir, 'live');
    const next = join(dir, 'next');
    const images = ogImages({ render: draw });
    (await images.prepare(live, 'grid-storage', article))!.commit();
    const linked = await images.prepare(next, 'grid-storage', article, { reuseDir: live });
    expect(linked!.commit()).toBe(true);
    expect(statSync(join(next, linked!.path)).ino).toBe(statSync(join(live, linked!.path)).ino);
    expect(drawn).toHaveLength(1);
  });

  it('leaves a missing image undrawn when told not to draw', async () => {
    expect(await ogImages({ render: draw }).prepare(dir, 'grid-storage', article, { draw: false })).toBeNull();
    expect(drawn).toEqual([]);
  });

  it('prunes a slug to the file it keeps, and removes the folder with the last one', async () => {
    const images = ogImages({ render: draw });
    const old = (await images.prepare(dir, 'grid-storage', article))!;
    old.commit();
    const current = (await images.prepare(dir, 'grid-storage', { ...article, category: 'Deep Dive' }))!;
    current.commit();
    expect(images.prune(dir, 'grid-storage', current.path.slice(1))).toBe(1);
    expect(readdirSync(join(dir, 'og/grid-storage'))).toEqual([current.path.split('/').at(-1)]);
    expect(images.prune(dir, 'grid-storage', null)).toBe(1);
    expect(existsSync(join(dir, 'og/grid-storage'))).toBe(false);
    expect(images.prune(dir, 'never-published', null)).toBe(0);
  });

  it('reports an image that cannot be drawn once, returns null (the default image stands in) and does not retry', async () => {
    let tries = 0;
    const images = ogImages({
      render: async () => {
        tries++;
        throw new Error('no font');
      },
      log: (m) => log.push(m),
    });
    expect(await images.prepare(dir, 'broken', article)).toBeNull();
    expect(await images.prepare(dir, 'broken', article)).toBeNull();
    expect(tries).toBe(1);
    expect(log).toEqual([expect.stringMatching(/\/post\/broken.*no font/)]);
  });

  it('does not take a stray file of another slug for its own', async () => {
    mkdirSync(join(dir, 'og/grid'), { recursive: true });
    writeFileSync(join(dir, 'og/grid', ogImageFile('grid-storage', article).split('/').at(-1)!), 'other');
    expect(await ogImages({ render: draw }).prepare(dir, 'grid-storage', article)).not.toBeNull();
    expect(drawn).toEqual([article]);
  });
});

describe('drawing', () => {
  it('draws a 1200 × 630 PNG', async () => {
    const png = await renderOgImage(article);
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
  }, 30_000);

  it('refuses text none of its fonts covers rather than drawing boxes', async () => {
    await expect(renderOgImage({ ...article, title: '電網の蓄電' })).rejects.toThrow(/no font/);
  }, 30_000);
});

describe('a share card composed from the feature image', () => {
  const pictured: OgImageInput = { ...article, image: { file: `${'a'.repeat(32)}.jpg`, focusX: 50, focusY: 50 } };
  /** Left half red, right half blue, 4000 × 900: which half a crop shows says where it was centred. */
  const halves = () =>
    sharp({ create: { width: 4000, height: 900, channels: 3, background: '#ff0000' } })
      .composite([
        { input: { create: { width: 2000, height: 900, channels: 3, background: '#0000ff' } }, left: 2000, top: 0 },
      ])
      .png()
      .toBuffer();
  const redness = async (dataUrl: string) => {
    const { channels } = await sharp(Buffer.from(dataUrl.split(',')[1]!, 'base64')).stats();
    return channels[0]!.mean - channels[2]!.mean;
  };

  it('is a .jpg named by the image file and focal point too', () => {
    expect(ogImageFile('grid-storage', pictured)).toMatch(/^og\/grid-storage\/[0-9a-f]{16}\.jpg$/);
    expect(ogImageHash(pictured)).not.toBe(ogImageHash(article));
    expect(ogImageHash({ ...pictured, image: { ...pictured.image!, focusX: 10 } })).not.toBe(ogImageHash(pictured));
  });

  it('crops the picture to 1200 × 630 around the focal point', async () => {
    const bytes = await halves();
    expect(await redness(await croppedPhoto(sharp, bytes, { focusX: 0, focusY: 50 }))).toBeGreaterThan(200);
    expect(await redness(await croppedPhoto(sharp, bytes, { focusX: 100, focusY: 50 }))).toBeLessThan(-200);
    const { width, height } = await sharp(
      Buffer.from((await croppedPhoto(sharp, bytes, { focusX: 50, focusY: 50 })).split(',')[1]!, 'base64'),
    ).metadata();
    expect([width, height]).toEqual([1200, 630]);
  });

  it('draws a JPEG of the card from the file it reads, and fails (the default stands in) when it cannot read it', async () => {
    const bytes = await halves();
    const jpeg = Buffer.from(await renderOgImage(pictured, async () => bytes));
    expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8]);
    expect(await sharp(jpeg).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    await expect(renderOgImage(pictured)).rejects.toThrow(/cannot be read/);
  }, 30_000);
});

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MEDIA_ERRORS, MediaVariantSchema } from 'content-schema/media';
import { inTurn, ladderFor, processImage } from './process.ts';
import { animatedGif, claimedPng, phoneJpeg, solid } from './test-support.ts';

describe('processing an upload', () => {
  it('turns a phone photo upright and writes AVIF and WebP at each width up to 2400, and a JPEG, none with its metadata', async () => {
    const input = await phoneJpeg(3000, 2000);
    const image = await processImage(input);
    // Orientation 6: stored 3000 × 2000, upright 2000 × 3000.
    expect([image.width, image.height]).toEqual([2000, 3000]);
    const widths = [320, 640, 960, 1280, 1920];
    expect(image.variants.map((v) => [v.format, v.width])).toEqual([
      ...widths.map((w) => ['avif', w]),
      ...widths.map((w) => ['webp', w]),
    ]);
    expect([image.fallback.format, image.fallback.width, image.fallback.height]).toEqual(['jpeg', 1280, 1920]);
    for (const file of [...image.variants, image.fallback]) {
      MediaVariantSchema.parse(file);
      const meta = await sharp(file.data).metadata();
      expect([meta.width, meta.height]).toEqual([file.width, file.height]);
      expect(meta.format).toBe(file.format === 'avif' ? 'heif' : file.format);
      // Nothing of the source's metadata: no EXIF (author, GPS), XMP, IPTC or ICC profile, no orientation flag.
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(file.data.includes('zqexifmarker')).toBe(false);
      expect(file.bytes).toBe(file.data.length);
      // Named by content: the same bytes, the same name.
      expect(file.file).toMatch(/^[0-9a-f]{32}\.(avif|webp|jpg)$/);
    }
    expect(new Set([...image.variants, image.fallback].map((f) => f.file)).size).toBe(11);
  }, 60_000);

  it('keeps transparency in a PNG fallback, and gives an image narrower than the ladder its own width', async () => {
    const image = await processImage(await solid(200, 100, 4).png().toBuffer());
    expect(image.variants.map((v) => [v.format, v.width, v.height])).toEqual([
      ['avif', 200, 100],
      ['webp', 200, 100],
    ]);
    expect(image.fallback.format).toBe('png');
    expect((await sharp(image.fallback.data).metadata()).hasAlpha).toBe(true);
    expect(ladderFor(5000)).toEqual([320, 640, 960, 1280, 1920, 2400]);
    expect(ladderFor(1000)).toEqual([320, 640, 960]);
  });

  it('converts CMYK and 16-bit images to 8-bit sRGB', async () => {
    for (const input of [
      await solid(400, 300).toColourspace('cmyk').jpeg().toBuffer(),
      await solid(400, 300).toColourspace('rgb16').png().toBuffer(),
    ]) {
      const image = await processImage(input);
      for (const file of [...image.variants, image.fallback]) {
        const meta = await sharp(file.data).metadata();
        expect(meta.space).toBe('srgb');
        expect(meta.depth).toBe('uchar');
      }
    }
  });

  it.each([
    ['an empty file', async () => Buffer.alloc(0), MEDIA_ERRORS.empty],
    ['a text file', async () => Buffer.from('just some notes, not an image'), MEDIA_ERRORS.notImage],
    ['a PDF', async () => Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), MEDIA_ERRORS.notImage],
    [
      'an SVG, even one sent as PNG',
      async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      MEDIA_ERRORS.svg,
    ],
    ['HTML', async () => Buffer.from('\uFEFF  <!doctype html><script>alert(1)</script>'), MEDIA_ERRORS.svg],
    ['an animated GIF', animatedGif, MEDIA_ERRORS.animated],
    [
      'a decompression bomb (a PNG claiming 30,000 × 30,000)',
      async () => claimedPng(30_000, 30_000),
      MEDIA_ERRORS.tooManyPixels,
    ],
    ['an image wider than 12,000 pixels', async () => claimedPng(13_000, 100), MEDIA_ERRORS.tooManyPixels],
    [
      'a JPEG cut off halfway',
      async () => {
        const whole = await phoneJpeg(800, 600);
        return whole.subarray(0, Math.floor(whole.length / 2));
      },
      MEDIA_ERRORS.damaged,
    ],
  ])('refuses %s with a message saying why', async (_what, make, message) => {
    await expect(processImage(await make())).rejects.toThrow(message);
  });
});

describe('encodes in turn', () => {
  it('runs at most the given number at once, widest first as given, and answers in the order given', async () => {
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (n: number, ms: number) => async () => {
      started.push(n);
      most = Math.max(most, ++running);
      await new Promise((r) => setTimeout(r, ms));
      running--;
      return n * 10;
    };
    const results = await inTurn([task(1, 30), task(2, 5), task(3, 5), task(4, 5), task(5, 5)], 2);
    expect(results).toEqual([10, 20, 30, 40, 50]);
    expect(most).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(await inTurn([], 2)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { dimensions, fileUrl, formatBytes, formatLines, thumbnailOf } from './media-texts.ts';
import { testMedia, variant } from './test-media.ts';

describe('thumbnailOf', () => {
  it('shows the smallest WebP at least 320 px wide', () => {
    expect(thumbnailOf(testMedia())).toEqual(variant('webp', 320));
    const wide = testMedia({ variants: [variant('webp', 1280), variant('avif', 640), variant('webp', 640)] });
    expect(fileUrl(thumbnailOf(wide))).toBe(`/media/${variant('webp', 640).file}`);
  });

  it('shows the only WebP of an image narrower than 320 px, else the fallback', () => {
    expect(thumbnailOf(testMedia({ variants: [variant('avif', 200), variant('webp', 200)] }))).toEqual(
      variant('webp', 200),
    );
    expect(thumbnailOf(testMedia({ variants: [] }))).toEqual(variant('jpeg', 1280));
  });
});

describe('facts of an image', () => {
  it.each([
    [512, '512 bytes'],
    [1, '1 byte'],
    [348_160, '340 KB'],
    [1_234_567, '1.2 MB'],
    [25 * 1024 * 1024, '25.0 MB'],
  ])('%i bytes read as %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it('writes dimensions with separators', () => {
    expect(dimensions({ width: 2000, height: 1000 })).toBe('2,000 × 1,000 px');
  });

  it('lists each format with its widths, then the fallback', () => {
    const media = testMedia({ variants: [variant('webp', 640), variant('avif', 320), variant('webp', 320)] });
    expect(formatLines(media)).toEqual([
      'WebP: 320, 640 px',
      'AVIF: 320 px',
      'Fallback for older browsers: JPEG, 1,280 px',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { creditLine, libraryImageIds, srcsetOf, type LibraryImage } from './markdown-images.ts';
import { renderMarkdown, renderPost } from './markdown.ts';

const file = (n: number, ext: string) => `${String(n).padStart(32, '0')}.${ext}`;
const image = (over: Partial<LibraryImage> = {}): LibraryImage => ({
  id: 7,
  fileName: 'chart.png',
  width: 700,
  height: 400,
  alt: '',
  caption: '',
  credit: '',
  licence: '',
  variants: [
    { format: 'webp', width: 640, height: 366, bytes: 9, file: file(2, 'webp') },
    { format: 'avif', width: 640, height: 366, bytes: 9, file: file(1, 'avif') },
    { format: 'avif', width: 320, height: 183, bytes: 9, file: file(3, 'avif') },
  ],
  fallback: { format: 'png', width: 700, height: 400, bytes: 9, file: file(4, 'png') },
  ...over,
});
const library = (over: Partial<LibraryImage> = {}) => new Map([[7, image(over)]]);

describe('library images in a body', () => {
  it('finds every number a body may name, once, and not file names or longer paths', () => {
    expect(libraryImageIds('![a](/media/7) ![b](/media/7) [c](/media/12) /media/3a.png /media/0 /media/5.jpg')).toEqual(
      [7, 12],
    );
  });

  it('lists a format’s variants narrowest first, and the credit with its licence', () => {
    expect(srcsetOf(image(), 'avif')).toBe(`/media/${file(3, 'avif')} 320w, /media/${file(1, 'avif')} 640w`);
    expect([creditLine(image({ credit: 'A', licence: 'CC0' })), creditLine(image({ licence: 'CC0' }))]).toEqual([
      'A (CC0)',
      'CC0',
    ]);
  });

  it('becomes a figure when alone in its paragraph, a picture inside a sentence, with the body’s alt text first', () => {
    const { html, images } = renderPost('![Sales](/media/7)\n\nSee ![](/media/7).', library({ alt: 'Library alt' }));
    expect(html).toBe(
      '<figure class="media-figure"><picture>' +
        `<source type="image/avif" srcset="/media/${file(3, 'avif')} 320w, /media/${file(1, 'avif')} 640w" sizes="(min-width: 52rem) 48rem, calc(100vw - 2rem)">` +
        `<source type="image/webp" srcset="/media/${file(2, 'webp')} 640w" sizes="(min-width: 52rem) 48rem, calc(100vw - 2rem)">` +
        `<img src="/media/${file(4, 'png')}" alt="Sales" width="700" height="400" loading="lazy" decoding="async"></picture></figure>\n` +
        '<p>See <picture>' +
        `<source type="image/avif" srcset="/media/${file(3, 'avif')} 320w, /media/${file(1, 'avif')} 640w" sizes="(min-width: 52rem) 48rem, calc(100vw - 2rem)">` +
        `<source type="image/webp" srcset="/media/${file(2, 'webp')} 640w" sizes="(min-width: 52rem) 48rem, calc(100vw - 2rem)">` +
        `<img src="/media/${file(4, 'png')}" alt="Library alt" width="700" height="400" loading="lazy" decoding="async"></picture>.</p>`,
    );
    expect(images).toEqual({ used: [7], withoutAlt: [] });
  });

  it('captions a figure with the caption and the credit, as text', () => {
    const { html } = renderPost('![x](/media/7)', library({ caption: 'Q3 <b>sales</b>', credit: 'Ann & co' }));
    expect(html).toContain(
      '</picture><figcaption>Q3 &#x3C;b>sales&#x3C;/b> <span class="media-credit">Ann &#x26; co</span></figcaption></figure>',
    );
  });

  it('reports an image with neither alt text by its file name, and shows an unknown number as its alt text', () => {
    expect(renderPost('![](/media/7) ![ ](/media/7)', library()).images).toEqual({
      used: [7],
      withoutAlt: ['chart.png'],
    });
    expect(renderPost('![Gone](/media/8)', library()).html).toBe('<p><span>Gone</span></p>');
  });

  it('leaves images outside the library, and every image in the editor’s preview, as they were', () => {
    expect(renderPost('![w](https://example.com/a.png)', library()).html).toBe(
      '<p><img src="https://example.com/a.png" alt="w" loading="lazy"></p>',
    );
    expect(renderMarkdown('![w](/media/7)')).toBe('<p><img src="/media/7" alt="w" loading="lazy"></p>');
  });

  it('cannot be made to carry markup through the library’s text', () => {
    const { html } = renderPost(
      '![x](/media/7)',
      library({ alt: '"><script>', caption: '<img src=x onerror=alert(1)>' }),
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img src=x');
  });
});

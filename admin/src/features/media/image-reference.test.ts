import { describe, expect, it } from 'vitest';
import { ALT_REQUIRED, AltTextSchema, altsToSave, imageReference, imageReferences } from './image-reference.ts';

describe('imageReference', () => {
  it('writes the agreed reference to a library image', () => {
    expect(imageReference({ id: 42, alt: 'A bar chart of GPU prices' })).toBe(
      '![A bar chart of GPU prices](/media/42)',
    );
  });

  it.each([
    ['brackets and backslashes are escaped', 'A [draft] chart \\ v2', String.raw`![A \[draft\] chart \\ v2](/media/1)`],
    ['line breaks and runs of spaces become one space', '  Two\nlines   here ', '![Two lines here](/media/1)'],
  ])('%s', (_rule, alt, reference) => {
    expect(imageReference({ id: 1, alt })).toBe(reference);
  });

  it('puts several images a paragraph each, in order', () => {
    expect(
      imageReferences([
        { id: 1, alt: 'One' },
        { id: 2, alt: 'Two' },
      ]),
    ).toBe('![One](/media/1)\n\n![Two](/media/2)');
  });
});

describe('alt text', () => {
  it.each([
    ['', ALT_REQUIRED],
    ['   ', ALT_REQUIRED],
    ['x'.repeat(501), 'Alt text must be at most 500 characters'],
  ])('%j is refused: %s', (alt, message) => {
    expect(AltTextSchema.safeParse(alt).error?.issues[0]?.message).toBe(message);
  });

  it('is trimmed', () => {
    expect(AltTextSchema.parse('  A chart ')).toBe('A chart');
  });

  it('is saved to the library only for images without one', () => {
    const images = [
      { id: 1, alt: '' },
      { id: 2, alt: 'Library alt' },
      { id: 3, alt: ' ' },
    ];
    expect(altsToSave(images, ['First', 'Typed for this post', ' Third '])).toEqual([
      { id: 1, alt: 'First' },
      { id: 3, alt: 'Third' },
    ]);
  });
});

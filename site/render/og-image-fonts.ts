/**
 * The fonts a share image is drawn with, as WOFF (satori reads TTF, OTF and WOFF, not WOFF2), one family name per
 * Unicode subset: satori falls back from family to family, never between files of one name. A title with characters
 * none of them has (CJK, emoji) gets the site's default image rather than boxes.
 */

const SUBSETS = ['latin', 'latin-ext', 'greek', 'cyrillic', 'cyrillic-ext', 'vietnamese'] as const;

/** The font files, by family name and weight, and the package that holds each. */
export const FONT_FILES = SUBSETS.flatMap(
  (subset) =>
    [
      { name: `Inter ${subset}`, weight: 400, pkg: '@fontsource/inter', file: `inter-${subset}-400-normal.woff` },
      { name: `Inter ${subset}`, weight: 700, pkg: '@fontsource/inter', file: `inter-${subset}-700-normal.woff` },
      {
        name: `Source Serif 4 ${subset}`,
        weight: 700,
        pkg: '@fontsource/source-serif-4',
        file: `source-serif-4-${subset}-700-normal.woff`,
      },
    ] as const,
);

/** The CSS font-family lists of the image's sans-serif and serif text. */
export const SANS = SUBSETS.map((s) => `'Inter ${s}'`).join(', ');
export const SERIF = SUBSETS.map((s) => `'Source Serif 4 ${s}'`).join(', ');

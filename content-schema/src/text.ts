import { countWords, nodeToText, parseMarkdown } from './markdown.ts';

/** Text-derivation limits (excerpt, read time and the slug rules). */
export const TEXT_RULES = {
  slugMaxLength: 80,
  slugFallback: 'post',
  wordsPerMinute: 225,
  excerptMinLength: 50,
  excerptMaxLength: 150,
  templatePreviewLength: 200,
  ellipsis: '...',
} as const;

/**
 * Letters that Unicode normalisation does not fold to ASCII (ø, æ, ß …) or that the product folds
 * its own way: Nordic å ä ö become a a o, not the German ae/oe.
 */
const FOLD: Record<string, string> = {
  å: 'a',
  ä: 'a',
  ö: 'o',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  þ: 'th',
  ð: 'd',
  đ: 'd',
  ł: 'l',
};

/** URL slug from a title: lowercase ASCII words joined by single hyphens, at most 80 characters, never empty. */
export function slugify(title: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[åäöøæœßþðđł]/g, (ch) => FOLD[ch] ?? ch)
    // Decompose é → e + ◌́ and drop the marks, which folds the remaining Latin diacritics.
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return cutSlug(slug) || TEXT_RULES.slugFallback;
}

/** Cut at a hyphen so no word is halved; a single over-long word is cut hard. */
function cutSlug(slug: string): string {
  const max = TEXT_RULES.slugMaxLength;
  if (slug.length <= max) return slug;
  if (slug[max] === '-') return slug.slice(0, max);
  const lastHyphen = slug.lastIndexOf('-', max);
  return lastHyphen > 0 ? slug.slice(0, lastHyphen) : slug.slice(0, max);
}

/** Minutes to read the markdown at 225 words a minute, rounded up, at least 1. */
export function estimateReadTime(markdown: string): number {
  return Math.max(1, Math.ceil(countWords(markdown) / TEXT_RULES.wordsPerMinute));
}

/** Cut text to n characters (code points, so no emoji is halved), adding '...' only when something was cut. */
export function truncate(text: string, n: number): string {
  const chars = Array.from(text);
  if (chars.length <= n) return text;
  return chars.slice(0, n).join('').trimEnd() + TEXT_RULES.ellipsis;
}

/** An excerpt derived from a body: the first top-level paragraph longer than 50 characters of plain text, cut at 150 plus '...'; '' when none. */
export function excerptFromMarkdown(markdown: string): string {
  for (const node of parseMarkdown(markdown).children) {
    if (node.type !== 'paragraph') continue;
    const text = nodeToText(node).replace(/\s+/g, ' ').trim();
    if (text.length > TEXT_RULES.excerptMinLength) return truncate(text, TEXT_RULES.excerptMaxLength);
  }
  return '';
}

/** Text of the first top-level `# ` heading, or null when there is none (a generated draft's title). */
export function titleFromMarkdown(markdown: string): string | null {
  for (const node of parseMarkdown(markdown).children) {
    if (node.type === 'heading' && node.depth === 1) {
      const text = nodeToText(node).replace(/\s+/g, ' ').trim();
      if (text) return text;
    }
  }
  return null;
}

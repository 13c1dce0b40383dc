import { markdownToPlainText, wordsOf } from './markdown.ts';
import { META_DESCRIPTION, type SeoRecommendation, type SeoResult } from './seo-form.ts';

/**
 * Points and thresholds of the SEO score; the points add up to the 100 maximum. The meta description's
 * band is META_DESCRIPTION.ideal (seo-form.ts), beside the band that validates it.
 */
export const SEO_RULES = {
  maxScore: 100,
  points: {
    keywordInTitle: 20,
    keywordInMeta: 15,
    keywordDensity: 20,
    titleLength: 15,
    metaLength: 15,
    readability: 15,
  },
  density: { min: 0.5, max: 2.5 },
  titleLength: { min: 50, max: 60 },
  readability: { good: 70, base: 100, penaltyPerWord: 2, idealWordsPerSentence: 15 },
  // Score badge and performance colours.
  scoreBands: { good: 80, fair: 60 },
} as const;

/** What the SEO panel analyses; `slug` is part of the form but the score has no rule for it. */
export interface SeoInput {
  title: string;
  metaDescription: string;
  focusKeyword: string;
  slug: string;
  /** The post body as markdown. */
  content: string;
}

/** One check's outcome: the points it earns and what it tells the editor. */
export interface SeoCheck {
  points: number;
  recommendation: SeoRecommendation;
}

const pass = (points: number, message: string): SeoCheck => ({ points, recommendation: { type: 'success', message } });
const warn = (message: string): SeoCheck => ({ points: 0, recommendation: { type: 'warning', message } });
const fail = (message: string): SeoCheck => ({ points: 0, recommendation: { type: 'error', message } });

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The keyword as a whole phrase: its words in order, any whitespace between them, and no letter or
 * digit right before or after (so 'AI' does not match inside 'said').
 */
function keywordPattern(keyword: string): RegExp | null {
  const parts = keyword.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return null;
  const phrase = parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+');
  return new RegExp(`(?<![\\p{L}\\p{N}])${phrase}(?![\\p{L}\\p{N}])`, 'giu');
}

/** Whether the text contains the keyword as a whole phrase, ignoring case. */
export function containsKeyword(text: string, keyword: string): boolean {
  const pattern = keywordPattern(keyword);
  return pattern !== null && pattern.test(text);
}

/** Occurrences × words in the keyword ÷ words in the content's plain text × 100, to 2 decimals. */
export function keywordDensity(content: string, keyword: string): number {
  return densityOfText(markdownToPlainText(content), keyword);
}

function densityOfText(text: string, keyword: string): number {
  const totalWords = wordsOf(text).length;
  const pattern = keywordPattern(keyword);
  if (totalWords === 0 || pattern === null) return 0;
  const occurrences = text.match(pattern)?.length ?? 0;
  return round2(((occurrences * wordsOf(keyword).length) / totalWords) * 100);
}

/**
 * Readability = 100 − 2 × (words per sentence − 15), clamped to 0..100 and rounded; 0 without content.
 * A sentence ends at . ! or ? followed by a space, or at the end of a block (heading, list item, cell).
 */
export function readabilityScore(content: string): number {
  return readabilityOfText(markdownToPlainText(content));
}

function readabilityOfText(text: string): number {
  const sentences = text
    .split(/[.!?]+(?=\s|$)|\n/)
    .map((s) => wordsOf(s).length)
    .filter((n) => n > 0);
  if (sentences.length === 0) return 0;
  const wordsPerSentence = sentences.reduce((a, b) => a + b, 0) / sentences.length;
  const { base, penaltyPerWord, idealWordsPerSentence } = SEO_RULES.readability;
  const raw = base - penaltyPerWord * (wordsPerSentence - idealWordsPerSentence);
  return Math.round(Math.min(100, Math.max(0, raw)));
}

/** +20 when the title holds the focus keyword. */
export function checkKeywordInTitle(title: string, keyword: string): SeoCheck {
  return containsKeyword(title, keyword)
    ? pass(SEO_RULES.points.keywordInTitle, 'Focus keyword appears in the title')
    : fail('Include focus keyword in title');
}

/** +15 when the meta description holds the focus keyword. */
export function checkKeywordInMeta(metaDescription: string, keyword: string): SeoCheck {
  return containsKeyword(metaDescription, keyword)
    ? pass(SEO_RULES.points.keywordInMeta, 'Focus keyword appears in the meta description')
    : warn('Consider adding focus keyword to meta description');
}

/** +20 for a density of 0.5–2.5%; below is a warning, above (keyword stuffing) an error. */
export function checkKeywordDensity(density: number): SeoCheck {
  const { min, max } = SEO_RULES.density;
  if (density < min) return warn(`Keyword density is low (${density}%). Aim for ${min}-${max}%.`);
  if (density > max) return fail(`Keyword density is too high (${density}%). Aim for ${min}-${max}%.`);
  return pass(SEO_RULES.points.keywordDensity, `Keyword density is good (${density}%)`);
}

/** +15 for a title of 50–60 characters. */
export function checkTitleLength(title: string): SeoCheck {
  const length = title.trim().length;
  const { min, max } = SEO_RULES.titleLength;
  if (length < min) return warn(`Title is short; aim for ${min}-${max} characters`);
  if (length > max) return warn(`Title is too long; aim for ${min}-${max} characters`);
  return pass(SEO_RULES.points.titleLength, `Title length is good (${length} characters)`);
}

/** +15 for a meta description whose length is in META_DESCRIPTION.ideal. */
export function checkMetaLength(metaDescription: string): SeoCheck {
  const length = metaDescription.trim().length;
  const { min, max } = META_DESCRIPTION.ideal;
  if (length < min) return warn(`Meta description is short; aim for ${min}-${max} characters`);
  if (length > max) return warn(`Meta description is too long; aim for ${min}-${max} characters`);
  return pass(SEO_RULES.points.metaLength, `Meta description length is good (${length} characters)`);
}

/** +15 for a readability score of 70 or more. */
export function checkReadability(score: number, hasContent: boolean): SeoCheck {
  if (!hasContent) return warn('Add content to check readability');
  return score >= SEO_RULES.readability.good
    ? pass(SEO_RULES.points.readability, `Readability is good (${score}/100)`)
    : warn('Consider shorter sentences for better readability');
}

/** The SEO panel's analysis: score out of 100, one recommendation per check, density and readability. */
export function analyseSeo(input: SeoInput): SeoResult {
  // Parse the markdown once; every content check works on the same plain text.
  const text = markdownToPlainText(input.content);
  const keywordDensityValue = densityOfText(text, input.focusKeyword);
  const readability = readabilityOfText(text);
  const checks = [
    checkKeywordInTitle(input.title, input.focusKeyword),
    checkKeywordInMeta(input.metaDescription, input.focusKeyword),
    checkKeywordDensity(keywordDensityValue),
    checkTitleLength(input.title),
    checkMetaLength(input.metaDescription),
    checkReadability(readability, wordsOf(text).length > 0),
  ];
  return {
    score: Math.min(
      SEO_RULES.maxScore,
      checks.reduce((sum, c) => sum + c.points, 0),
    ),
    recommendations: checks.map((c) => c.recommendation),
    keywordDensity: keywordDensityValue,
    readabilityScore: readability,
  };
}

/** Badge variant for a score: 80+ default, 60+ secondary, else destructive. */
export function seoScoreVariant(score: number): 'default' | 'secondary' | 'destructive' {
  if (score >= SEO_RULES.scoreBands.good) return 'default';
  if (score >= SEO_RULES.scoreBands.fair) return 'secondary';
  return 'destructive';
}

/** Colour for a performance score: 80+ green, 60+ yellow, else red. */
export function scoreColour(score: number): 'green' | 'yellow' | 'red' {
  if (score >= SEO_RULES.scoreBands.good) return 'green';
  if (score >= SEO_RULES.scoreBands.fair) return 'yellow';
  return 'red';
}

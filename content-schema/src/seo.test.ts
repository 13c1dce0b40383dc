import { describe, expect, it } from 'vitest';
import {
  analyseSeo,
  checkKeywordDensity,
  checkKeywordInMeta,
  checkKeywordInTitle,
  checkMetaLength,
  checkReadability,
  checkTitleLength,
  containsKeyword,
  keywordDensity,
  readabilityScore,
  scoreColour,
  SEO_RULES,
  seoScoreVariant,
} from './seo.ts';

/** `count` filler words; none of them is a keyword used below. */
const filler = (count: number) => Array.from({ length: count }, () => 'filler').join(' ');
/** `count` sentences of `words` words each. */
const sentences = (count: number, words: number) => Array.from({ length: count }, () => `${filler(words)}.`).join(' ');

describe('SEO_RULES', () => {
  it('awards exactly 100 points when every check passes', () => {
    const total = Object.values(SEO_RULES.points).reduce((a, b) => a + b, 0);
    expect(total).toBe(SEO_RULES.maxScore);
  });
});

describe('containsKeyword (case-insensitive, whole phrase)', () => {
  it.each([
    ['Nordic AI startups', 'nordic ai', true],
    ['NORDIC AI STARTUPS', 'Nordic AI', true],
    ['Nordic\n  AI startups', 'nordic ai', true],
    ['Malmö grows', 'MALMÖ', true],
    ['What C++ teams want', 'c++', true],
    ['  padded keyword  ', '  keyword ', true],
    ['He said so', 'ai', false],
    ['Nordic startups use AI', 'nordic ai', false],
    ['anything', '', false],
    ['anything', '   ', false],
  ])('%j contains %j: %s', (text, keyword, expected) => {
    expect(containsKeyword(text, keyword)).toBe(expected);
  });
});

describe('keywordDensity = occurrences × keyword words ÷ total words × 100, 2 decimals', () => {
  it.each([
    ['1 of 200 words', `seo ${filler(199)}`, 'seo', 0.5],
    ['1 of 204 words', `seo ${filler(203)}`, 'seo', 0.49],
    ['5 of 200 words', `${'seo '.repeat(5)}${filler(195)}`, 'seo', 2.5],
    ['5 of 199 words', `${'seo '.repeat(5)}${filler(194)}`, 'seo', 2.51],
    ['a two-word keyword counts twice', `nordic ai ${filler(98)}`, 'Nordic AI', 2],
    ['case-insensitive', `SEO Seo seo ${filler(97)}`, 'seo', 3],
    ['whole words only', `seoul seos ${filler(98)}`, 'seo', 0],
    ['markdown is stripped first', `# SEO\n\n**seo** [seo](https://seo.example) ${filler(97)}`, 'seo', 3],
    ['no content', '', 'seo', 0],
    ['no keyword', filler(10), '', 0],
  ])('%s → %s%', (_name, content, keyword, expected) => {
    expect(keywordDensity(content, keyword)).toBe(expected);
  });
});

describe('readabilityScore = 100 − 2 × (words per sentence − 15), clamped 0..100, rounded', () => {
  it.each([
    ['15 words per sentence', sentences(2, 15), 100],
    ['16 words per sentence', sentences(2, 16), 98],
    ['10 words per sentence clamps to 100', sentences(3, 10), 100],
    ['30 words per sentence is exactly 70', sentences(2, 30), 70],
    ['30.5 words per sentence is 69', `${filler(30)}. ${filler(31)}.`, 69],
    ['30.67 words per sentence rounds to 69', `${filler(31)}. ${filler(31)}. ${filler(30)}.`, 69],
    ['65 words per sentence is 0', sentences(1, 65), 0],
    ['70 words per sentence clamps to 0', sentences(1, 70), 0],
    ['! and ? end sentences too', `${filler(15)}! ${filler(15)}? ${filler(15)}`, 100],
    ['a decimal point does not end a sentence', `Growth hit 3.5 percent ${filler(26)}. ${filler(30)}.`, 70],
    ['each heading or list item is its own sentence', `# ${filler(30)}\n\n- ${filler(30)}`, 70],
    ['no content scores 0', '', 0],
  ])('%s → %i', (_name, content, expected) => {
    expect(readabilityScore(content)).toBe(expected);
  });
});

describe('each check, one row per rule and boundary', () => {
  const title = (length: number) => `AI ${'x'.repeat(length - 3)}`;
  const meta = (length: number) => 'm'.repeat(length);

  it.each([
    [
      'keyword in title',
      checkKeywordInTitle('Nordic AI funding', 'nordic ai'),
      20,
      'success',
      'Focus keyword appears in the title',
    ],
    [
      'keyword not in title',
      checkKeywordInTitle('Startup funding', 'nordic ai'),
      0,
      'error',
      'Include focus keyword in title',
    ],
    [
      'keyword in meta',
      checkKeywordInMeta('All about Nordic AI.', 'nordic ai'),
      15,
      'success',
      'Focus keyword appears in the meta description',
    ],
    [
      'keyword not in meta',
      checkKeywordInMeta('All about startups.', 'nordic ai'),
      0,
      'warning',
      'Consider adding focus keyword to meta description',
    ],
    ['density 0.49', checkKeywordDensity(0.49), 0, 'warning', 'Keyword density is low (0.49%). Aim for 0.5-2.5%.'],
    ['density 0.5', checkKeywordDensity(0.5), 20, 'success', 'Keyword density is good (0.5%)'],
    ['density 2.5', checkKeywordDensity(2.5), 20, 'success', 'Keyword density is good (2.5%)'],
    ['density 2.51', checkKeywordDensity(2.51), 0, 'error', 'Keyword density is too high (2.51%). Aim for 0.5-2.5%.'],
    ['density 0', checkKeywordDensity(0), 0, 'warning', 'Keyword density is low (0%). Aim for 0.5-2.5%.'],
    ['title 49 characters', checkTitleLength(title(49)), 0, 'warning', 'Title is short; aim for 50-60 characters'],
    ['title 50 characters', checkTitleLength(title(50)), 15, 'success', 'Title length is good (50 characters)'],
    ['title 60 characters', checkTitleLength(title(60)), 15, 'success', 'Title length is good (60 characters)'],
    ['title 61 characters', checkTitleLength(title(61)), 0, 'warning', 'Title is too long; aim for 50-60 characters'],
    [
      'title padding is not counted',
      checkTitleLength(`  ${title(49)}  `),
      0,
      'warning',
      'Title is short; aim for 50-60 characters',
    ],
    [
      'meta 139 characters',
      checkMetaLength(meta(139)),
      0,
      'warning',
      'Meta description is short; aim for 140-160 characters',
    ],
    [
      'meta 140 characters',
      checkMetaLength(meta(140)),
      15,
      'success',
      'Meta description length is good (140 characters)',
    ],
    [
      'meta 160 characters',
      checkMetaLength(meta(160)),
      15,
      'success',
      'Meta description length is good (160 characters)',
    ],
    [
      'meta 161 characters',
      checkMetaLength(meta(161)),
      0,
      'warning',
      'Meta description is too long; aim for 140-160 characters',
    ],
    ['readability 69', checkReadability(69, true), 0, 'warning', 'Consider shorter sentences for better readability'],
    ['readability 70', checkReadability(70, true), 15, 'success', 'Readability is good (70/100)'],
    ['readability without content', checkReadability(0, false), 0, 'warning', 'Add content to check readability'],
  ] as const)('%s → %i points, %s', (_name, check, points, type, message) => {
    expect(check).toEqual({ points, recommendation: { type, message } });
  });
});

describe('analyseSeo', () => {
  it('adds the points of all six checks, in order', () => {
    const result = analyseSeo({
      title: `SEO ${'x'.repeat(51)}`, // 55 characters
      metaDescription: `SEO ${'m'.repeat(146)}`, // 150 characters
      focusKeyword: 'seo',
      slug: 'seo',
      content: `SEO ${filler(14)}. ${filler(15)}. ${filler(15)}. ${filler(15)}. ${filler(15)}. ${filler(15)}. ${filler(15)}. ${filler(15)}. ${filler(15)}. ${filler(15)}.`,
    });
    // 1 of 150 words → 0.67%; 15 words per sentence → 100.
    expect(result).toMatchObject({ score: 100, keywordDensity: 0.67, readabilityScore: 100 });
    expect(result.recommendations.map((r) => r.type)).toEqual([
      'success',
      'success',
      'success',
      'success',
      'success',
      'success',
    ]);
  });

  it('scores 0 when every check fails', () => {
    const result = analyseSeo({
      title: 'Short',
      metaDescription: 'Short',
      focusKeyword: 'seo',
      slug: 'x',
      content: sentences(1, 80),
    });
    expect(result.score).toBe(0);
    expect(result.recommendations.map((r) => r.type)).toEqual([
      'error',
      'warning',
      'warning',
      'warning',
      'warning',
      'warning',
    ]);
  });

  it('scores keyword stuffing as an error', () => {
    const result = analyseSeo({
      title: 'seo',
      metaDescription: 'seo',
      focusKeyword: 'seo',
      slug: 'seo',
      content: 'seo seo seo seo.',
    });
    expect(result.keywordDensity).toBe(100);
    expect(result.recommendations[2]).toEqual({
      type: 'error',
      message: 'Keyword density is too high (100%). Aim for 0.5-2.5%.',
    });
  });

  it('worked example: 70 points', () => {
    // Title: 'Nordic AI startups break venture funding records in 2026' is 56 characters and holds
    //   the keyword → keyword in title +20, title length 50–60 +15.
    // Meta description: 115 characters without 'Nordic AI' → keyword in meta 0 (warning),
    //   length under 140 → 0 (warning).
    // Content: 5 sentences of 20 words = 100 words, 'Nordic AI' once → density 1 × 2 ÷ 100 × 100 = 2%
    //   → within 0.5–2.5, +20. Readability 100 − 2 × (20 − 15) = 90 ≥ 70 → +15.
    // Score: 20 + 0 + 20 + 15 + 0 + 15 = 70 → 'secondary' badge, 'yellow'.
    const input = {
      title: 'Nordic AI startups break venture funding records in 2026',
      metaDescription:
        'Startups across the region raised more venture money than ever in 2026, led by investors in Stockholm and Helsinki.',
      focusKeyword: 'Nordic AI',
      slug: 'nordic-ai-startups-funding-records',
      content: [
        'Nordic AI startups raised more venture money this year than in any previous year since the first reliable records began.',
        'Investors in Stockholm, Helsinki, Oslo and Copenhagen led most of the large rounds, often alongside American and Asian growth funds.',
        'Most of the capital went to companies building tools for energy, health care and industrial automation across the whole region.',
        'Founders say that access to talent matters more than access to money, and that remote work has widened the pool.',
        'Analysts expect the pace to slow next year as interest rates stay high and public markets remain closed to listings.',
      ].join(' '),
    };
    expect(input.title).toHaveLength(56);
    expect(input.metaDescription).toHaveLength(115);

    const result = analyseSeo(input);

    expect(result).toEqual({
      score: 70,
      keywordDensity: 2,
      readabilityScore: 90,
      recommendations: [
        { type: 'success', message: 'Focus keyword appears in the title' },
        { type: 'warning', message: 'Consider adding focus keyword to meta description' },
        { type: 'success', message: 'Keyword density is good (2%)' },
        { type: 'success', message: 'Title length is good (56 characters)' },
        { type: 'warning', message: 'Meta description is short; aim for 140-160 characters' },
        { type: 'success', message: 'Readability is good (90/100)' },
      ],
    });
    expect(seoScoreVariant(result.score)).toBe('secondary');
    expect(scoreColour(result.score)).toBe('yellow');
  });
});

describe('score bands', () => {
  it.each([
    [100, 'default', 'green'],
    [80, 'default', 'green'],
    [79, 'secondary', 'yellow'],
    [60, 'secondary', 'yellow'],
    [59, 'destructive', 'red'],
    [0, 'destructive', 'red'],
  ] as const)('%i → badge %s, colour %s', (score, variant, colour) => {
    expect(seoScoreVariant(score)).toBe(variant);
    expect(scoreColour(score)).toBe(colour);
  });
});

import { describe, expect, it } from 'vitest';
import { estimateReadTime, excerptFromMarkdown, slugify, titleFromMarkdown, truncate } from './text.ts';

const words = (n: number) => Array.from({ length: n }, () => 'word').join(' ');

describe('slugify', () => {
  it.each([
    ['Hello World', 'hello-world'],
    ['  Already-slugged  ', 'already-slugged'],
    ['AI & the EU: What Now?', 'ai-the-eu-what-now'],
    ['Multiple   spaces --- and___underscores', 'multiple-spaces-and-underscores'],
    ['Nordic: Malmö, Åre, Växjö', 'nordic-malmo-are-vaxjo'],
    ['Øresund Bridge', 'oresund-bridge'],
    ['Ærø Island', 'aero-island'],
    ['Café déjà vu, naïve façade', 'cafe-deja-vu-naive-facade'],
    ['Straße and Œuvre', 'strasse-and-oeuvre'],
    ['Łódź', 'lodz'],
    ['GPT-5 vs. Claude 4.5', 'gpt-5-vs-claude-4-5'],
    ['🚀 Launch day 🚀', 'launch-day'],
    ['', 'post'],
    ['!!!', 'post'],
    ['日本語', 'post'],
  ])('%j → %j', (title, expected) => {
    expect(slugify(title)).toBe(expected);
  });

  it('cuts a long title at a hyphen boundary within 80 characters', () => {
    const title = 'European regulators publish a sweeping framework for artificial intelligence oversight today';
    const slug = slugify(title);
    expect(slug).toBe('european-regulators-publish-a-sweeping-framework-for-artificial-intelligence');
    expect(slug.length).toBeLessThanOrEqual(80);
  });

  it('keeps exactly 80 characters when the 81st is a hyphen', () => {
    const title = `${'a'.repeat(80)} tail`;
    expect(slugify(title)).toBe('a'.repeat(80));
  });

  it('cuts a single over-long word hard at 80', () => {
    expect(slugify('x'.repeat(100))).toBe('x'.repeat(80));
  });

  it('always yields a slug the post schema accepts', () => {
    for (const title of ['Hello', '--a--b--', 'Åäö ÆØ', 'x'.repeat(200)])
      expect(slugify(title)).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });
});

describe('estimateReadTime', () => {
  it.each([
    [0, 1],
    [1, 1],
    [225, 1],
    [226, 2],
    [450, 2],
    [451, 3],
    [4500, 20],
  ])('%i words → %i min', (count, expected) => {
    expect(estimateReadTime(words(count))).toBe(expected);
  });

  it('counts only words a reader sees, not markup', () => {
    expect(estimateReadTime(`# Title\n\n**${words(224)}**\n\n![img](/a.png)`)).toBe(1);
  });
});

describe('truncate', () => {
  it.each([
    ['short', 10, 'short'],
    ['exactly10!', 10, 'exactly10!'],
    ['eleven char', 10, 'eleven cha...'],
    ['cut before a space ', 11, 'cut before...'],
    ['', 5, ''],
    ['😀😀😀', 2, '😀😀...'],
  ])('truncate(%j, %i) → %j', (text, n, expected) => {
    expect(truncate(text, n)).toBe(expected);
  });

  it('gives the 200-character template preview', () => {
    expect(truncate('a'.repeat(200), 200)).toBe('a'.repeat(200));
    expect(truncate('a'.repeat(201), 200)).toBe(`${'a'.repeat(200)}...`);
  });
});

describe('excerptFromMarkdown', () => {
  const long = 'This opening paragraph is comfortably longer than fifty characters.';
  it.each([
    ['no paragraphs', '# Only a heading', ''],
    ['empty', '', ''],
    ['only short paragraphs', 'Short.\n\nAlso short.', ''],
    ['skips headings and short paragraphs', `# Title\n\nShort.\n\n${long}`, long],
    ['exactly 50 characters is not long enough', `${'a'.repeat(50)}\n\n${long}`, long],
    ['51 characters is', 'b'.repeat(51), 'b'.repeat(51)],
    [
      'strips inline markdown',
      'A **bold** claim with a [link](https://example.com) and `code` in the opening sentence.',
      'A bold claim with a link and code in the opening sentence.',
    ],
    [
      'joins soft line breaks',
      'A paragraph that wraps\nonto a second line and is long enough.',
      'A paragraph that wraps onto a second line and is long enough.',
    ],
    ['150 characters stays whole', 'c'.repeat(150), 'c'.repeat(150)],
    ['151 characters is cut at 150 plus ...', 'd'.repeat(151), `${'d'.repeat(150)}...`],
    ['ignores paragraphs inside blockquotes and lists', `> ${long}\n\n- ${long}`, ''],
  ])('%s', (_name, markdown, expected) => {
    expect(excerptFromMarkdown(markdown)).toBe(expected);
  });
});

describe('titleFromMarkdown', () => {
  it.each([
    ['# The Title\n\nBody', 'The Title'],
    ['Intro\n\n## Sub\n\n# Later Title', 'Later Title'],
    ['# **Bold** `code` title', 'Bold code title'],
    ['Setext Title\n===\n\nBody', 'Setext Title'],
    ['## Only a subheading', null],
    ['#NoSpace is not a heading', null],
    ['> # Quoted heading is not top-level', null],
    ['', null],
  ])('%j → %j', (markdown, expected) => {
    expect(titleFromMarkdown(markdown)).toBe(expected);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  checkMarkdownLimits,
  MARKDOWN_LIMIT_MESSAGES,
  MARKDOWN_MAX_DEPTH,
  MARKDOWN_MAX_TABLE_CELLS,
  measureMarkdown,
} from './markdown-limits.ts';
import { MarkdownRenderError, parseMarkdown, renderMarkdown, renderPost, type MdastNode } from './markdown.ts';
import { PostInputSchema, PostUpdateSchema } from './post.ts';

const { depth: TOO_DEEP, tableCells: TOO_MANY_CELLS, work: TOO_MUCH_MARKUP } = MARKDOWN_LIMIT_MESSAGES;

const lines = (count: number, line: (index: number) => string): string =>
  Array.from({ length: count }, (_, index) => line(index)).join('\n');

/**
 * Bodies that overflow the stack (parse, remark-rehype, sanitise, stringify or plain text) or take
 * seconds to minutes to render, each at most 200,000 characters so only the limits can refuse them.
 */
const ADVERSARIAL: [string, string, string][] = [
  ['10,000 nested quotes', '>'.repeat(10_000) + ' x', TOO_DEEP],
  ['50,000 nested quotes without text', '>'.repeat(50_000), TOO_DEEP],
  ['quotes and lists alternating', '> - '.repeat(5_000) + 'x', TOO_DEEP],
  ['bullets on one line', '- '.repeat(10_000) + 'x', TOO_DEEP],
  ['numbered items on one line', '1. '.repeat(10_000) + 'x', TOO_DEEP],
  ['a list nested by indentation', lines(400, (i) => '  '.repeat(i) + '- x'), TOO_DEEP],
  ['nested footnote definitions', 'a[^a]\n\n' + '[^a]: '.repeat(5_000) + 'x', TOO_DEEP],
  ['alternating emphasis', '*_'.repeat(10_000) + 'x' + '_*'.repeat(10_000), TOO_DEEP],
  ['one long run of stars each side', '*'.repeat(50_000) + 'x' + '*'.repeat(50_000), TOO_DEEP],
  ['strong and emphasis nested', '*a **a '.repeat(5_000) + 'b' + ' a** a*'.repeat(5_000), TOO_DEEP],
  ['nested strikethrough', '~~a '.repeat(10_000) + 'x' + ' a~~'.repeat(10_000), TOO_DEEP],
  ['mismatched emphasis', '*a_ '.repeat(40_000), TOO_DEEP],
  ['nested link brackets', '['.repeat(50_000) + 'x' + '](u)'.repeat(30_000), TOO_MUCH_MARKUP],
  ['images in links', '[!['.repeat(10_000) + 'x' + '](i)](u)'.repeat(10_000), TOO_MUCH_MARKUP],
  ['closing brackets without openers', 'a]'.repeat(100_000), TOO_MUCH_MARKUP],
  ['link destinations never closed', '[ (]('.repeat(40_000), TOO_MUCH_MARKUP],
  ['growing backtick runs', Array.from({ length: 600 }, (_, i) => 'e' + '`'.repeat(i + 1)).join(''), TOO_MUCH_MARKUP],
  ['escaped backtick pairs', '\\``'.repeat(60_000), TOO_MUCH_MARKUP],
  ['unclosed HTML comments', '</' + '<!--'.repeat(40_000), TOO_MUCH_MARKUP],
  [
    'a table of 41,000 cells',
    lines(42, (i) => (i === 1 ? '|-'.repeat(1_000) : '| a '.repeat(1_000)) + '|'),
    TOO_MANY_CELLS,
  ],
  [
    'short rows padded to a wide header',
    '|a'.repeat(20_000) + '|\n' + '|-'.repeat(20_000) + '|\n' + 'a\n'.repeat(50_000),
    TOO_MANY_CELLS,
  ],
  ['a table of 30,000 rows', '| a |\n|---|\n' + '| b |\n'.repeat(30_000), TOO_MANY_CELLS],
  ['a chain of footnotes', 'a[^0]\n\n' + lines(9_000, (i) => `[^${i}]: x [^${i + 1}]`), TOO_MUCH_MARKUP],
  ['setext headings', 'a\n=\n'.repeat(50_000), TOO_MUCH_MARKUP],
  ['one long list', '- a\n'.repeat(50_000), TOO_MUCH_MARKUP],
  ['a long nested list', '- a\n  - b\n    - c\n'.repeat(10_000), TOO_MUCH_MARKUP],
  ['lazy quote lines', '> a\nb\n'.repeat(30_000), TOO_MUCH_MARKUP],
  ['headings', '# a\n'.repeat(50_000), TOO_MUCH_MARKUP],
  ['hard line breaks', 'a  \n'.repeat(50_000), TOO_MUCH_MARKUP],
  ['literal links', 'www.a.b '.repeat(25_000), TOO_MUCH_MARKUP],
];

describe('checkMarkdownLimits refuses what would overflow or stall the renderer', () => {
  it.each(ADVERSARIAL)('%s', (_name, markdown, message) => {
    expect(markdown.length).toBeLessThanOrEqual(200_000);
    expect(checkMarkdownLimits(markdown)).toBe(message);
    for (const schema of [PostInputSchema, PostUpdateSchema]) {
      const result = schema.safeParse({
        title: 'T',
        excerpt: 'E',
        category: 'Deep Dive',
        authorName: 'A',
        content: markdown,
      });
      expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
        ['content', message],
      ]);
    }
    for (const render of [renderMarkdown, renderPost]) {
      expect(() => render(markdown)).toThrow(MarkdownRenderError);
      expect(() => render(markdown)).toThrow(message);
    }
  });
});

/** Nesting levels of a tree as MARKDOWN_MAX_DEPTH counts them. */
function levels(root: MdastNode): number {
  const counted = new Set([
    'blockquote',
    'listItem',
    'footnoteDefinition',
    'emphasis',
    'strong',
    'delete',
    'link',
    'linkReference',
  ]);
  let deepest = 0;
  const stack: [MdastNode, number][] = [[root, 0]];
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const [node, outer] = entry;
    const here = counted.has(node.type) ? outer + 1 : outer;
    deepest = Math.max(deepest, here);
    if ('children' in node) for (const child of node.children as MdastNode[]) stack.push([child, here]);
  }
  return deepest;
}

const count = (html: string, tag: string): number => html.split(`<${tag}>`).length - 1;

describe(`nesting up to ${MARKDOWN_MAX_DEPTH} levels is accepted and renders; one more is refused`, () => {
  const n = MARKDOWN_MAX_DEPTH;
  it.each<[string, (levels: number) => string, string]>([
    ['quotes', (k) => '>'.repeat(k) + ' x', 'blockquote'],
    ['spaced quotes on two lines', (k) => `${'> '.repeat(k)}x\n${'> '.repeat(k)}y`, 'blockquote'],
    ['bullets', (k) => '- '.repeat(k) + 'x', 'li'],
    ['numbered items', (k) => '1. '.repeat(k) + 'x', 'li'],
    ['a list nested by indentation', (k) => lines(k, (i) => '  '.repeat(i) + '- x'), 'li'],
    ['emphasis', (k) => '*a '.repeat(k) + 'x' + ' a*'.repeat(k), 'em'],
    ['strikethrough', (k) => '~a '.repeat(k) + 'x' + ' a~'.repeat(k), 'del'],
    ['quotes around a link', (k) => '>'.repeat(k - 1) + ' [x](https://example.com)', 'blockquote'],
  ])('%s', (_name, build, tag) => {
    const atLimit = build(n);
    expect(checkMarkdownLimits(atLimit)).toBeNull();
    expect(levels(parseMarkdown(atLimit))).toBe(n);
    const html = renderMarkdown(atLimit);
    expect(count(html, tag)).toBeGreaterThanOrEqual(tag === 'blockquote' && atLimit.includes('](') ? n - 1 : n);
    expect(checkMarkdownLimits(build(n + 1))).toBe(TOO_DEEP);
    expect(() => renderMarkdown(build(n + 1))).toThrow(TOO_DEEP);
  });

  it('counts quotes and lists together', () => {
    expect(checkMarkdownLimits('> - '.repeat(n / 2) + 'x')).toBeNull();
    expect(checkMarkdownLimits('> - '.repeat(n / 2) + '> x')).toBe(TOO_DEEP);
  });

  it('does not count a long thematic break as a list', () => {
    expect(checkMarkdownLimits('* '.repeat(100))).toBeNull();
  });

  it('does not count indentation in code as nesting', () => {
    expect(checkMarkdownLimits('Code:\n\n```\n' + ' '.repeat(200) + '> > > > - - - -\n```\n')).toBeNull();
    expect(checkMarkdownLimits('- a\n\n' + ' '.repeat(200) + 'indented code')).toBeNull();
  });
});

const SEED_DIR = new URL('../../api/src/db/seed/articles/', import.meta.url);
/** Seed article bodies, read as the API's seeder reads them: the markdown after the frontmatter. */
const SEEDS = readdirSync(SEED_DIR)
  .filter((file) => file.endsWith('.md'))
  .sort()
  .map((file) => {
    const match = /^---\r?\n[\s\S]*?\r?\n---\r?\n([\s\S]*)$/.exec(readFileSync(new URL(file, SEED_DIR), 'utf8'));
    return [file, match?.[1]?.trim() ?? ''] as const;
  });

describe('real articles stay far inside the limits', () => {
  it.each(SEEDS)('%s', (_file, body) => {
    expect(body.length).toBeGreaterThan(1_000);
    expect(checkMarkdownLimits(body)).toBeNull();
    const measure = measureMarkdown(body);
    expect(measure.depth).toBeLessThanOrEqual(8);
    // A tenth of the budget would still be a 200,000-character article; these are 10,000.
    expect(measure.renderNanoseconds).toBeLessThan(100_000_000);
  });

  it('accepts 200,000 characters of article prose', () => {
    let body = SEEDS.map(([, seed]) => seed).join('\n\n');
    while (body.length < 200_000) body += '\n\n' + body;
    expect(checkMarkdownLimits(body.slice(0, 200_000))).toBeNull();
  });

  it('accepts long tables, lists and code with markup on every line', () => {
    const table =
      '| Item | Source | Count | Note |\n|---|---|---|---|\n' +
      lines(300, (i) => `| **Item ${i}** | [source](https://example.com/${i}) | ${i * 3} | *note* \`x\` |`);
    const links = lines(400, (i) => `- [Link ${i}](https://example.com/a/${i}) — *why it matters* and **what**`);
    const outline = lines(200, (i) => `${'  '.repeat(i % 4)}- point ${i} with \`code\``);
    const code =
      '```ts\n' + lines(400, (i) => `  const x${i} = a_b[${i}] * c; // <tag> ${'*'.repeat(i % 3)}`) + '\n```';
    const body = ['# A long roundup', table, links, outline, 'The code:', code].join('\n\n');
    expect(checkMarkdownLimits(body)).toBeNull();
    expect(measureMarkdown(body).tableCells).toBe(1_204);
  });

  it(`refuses tables of more than ${MARKDOWN_MAX_TABLE_CELLS.toLocaleString('en-US')} cells and accepts that many`, () => {
    // Rows are padded to the header's width, so 100 columns and short rows make the cells.
    const table = (rows: number) =>
      '|' + ' a |'.repeat(100) + '\n|' + '---|'.repeat(100) + '\n' + '| 1 |\n'.repeat(rows);
    expect(checkMarkdownLimits(table(MARKDOWN_MAX_TABLE_CELLS / 100 - 1))).toBeNull();
    expect(renderMarkdown(table(MARKDOWN_MAX_TABLE_CELLS / 100 - 1)).split('<td>').length - 1).toBe(
      MARKDOWN_MAX_TABLE_CELLS - 100,
    );
    expect(checkMarkdownLimits(table(MARKDOWN_MAX_TABLE_CELLS / 100))).toBe(TOO_MANY_CELLS);
  });
});

describe('the measured depth is never below the real one', () => {
  // A seeded generator of nests of quotes, lists, emphasis, strikethrough, links and code, with
  // the punctuation, escapes and autolinks that change how micromark pairs delimiters in between.
  let state = 20_240_601;
  const random = (): number => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const PAIRS = [
    ['*', '*'],
    ['_', '_'],
    ['**', '**'],
    ['__', '__'],
    ['***', '***'],
    ['~~', '~~'],
    ['~', '~'],
    ['[', '](u)'],
    ['[', '][r]'],
    ['[', ']'],
    ['*', '**'],
    ['**', '*'],
    ['***', '*'],
    ['a**', '**b'],
    ['"*', '*"'],
    ['(*', '*)'],
    ['`', '`'],
    ['<', '>'],
    ['*', '*a@b.c'],
    ['_', 'x_@b.c'],
  ] as const;
  const BETWEEN = [
    '',
    '',
    '',
    '',
    '',
    '',
    'a',
    ' ',
    '.',
    '"',
    '(',
    ')',
    '\n',
    'x**',
    '****',
    'c* ',
    ' _',
    '~',
    '`',
    '`x`',
    '[',
    ']',
    '<a>',
    '<http://a>',
    'www.a.b ',
    'a@b.c',
    '\\*',
    '&amp;',
    'é',
    '|',
    ':',
    '>',
    '\n> ',
    '\n- ',
    '\n\n',
    '[^1]',
    '\n| a |\n|---|\n| ',
  ] as const;
  const PREFIXES = ['', '', '> ', '- ', '> - ', '1. ', '  ', '> > ', '- - ', '[^1]: ', '| '] as const;

  it.each([
    ['an opener that may close, under the rule of three', '(.b*b**(*ab.(**'],
    ['emails swallowing underscores', '_a x_.b@c.d '.repeat(5) + 'y' + ' a_'.repeat(5)],
    ['an autolink inside a link', '>'.repeat(5) + ' [<ab:c>](z)'],
    ['a strikethrough around emphasis', '~a *b~ c* '.repeat(5) + 'x' + ' d~'.repeat(5)],
  ])('on %s', (_name, markdown) => {
    expect(measureMarkdown(markdown).depth).toBeGreaterThanOrEqual(levels(parseMarkdown(markdown)));
  });

  it('counts an autolink in a link as a level of its own', () => {
    expect(checkMarkdownLimits('>'.repeat(MARKDOWN_MAX_DEPTH - 2) + ' [<ab:c>](z)')).toBeNull();
    expect(checkMarkdownLimits('>'.repeat(MARKDOWN_MAX_DEPTH - 1) + ' [<ab:c>](z)')).toBe(TOO_DEEP);
  });

  it('on 800 generated nests', () => {
    for (let sample = 0; sample < 800; sample++) {
      let markdown = '';
      for (let line = 1 + Math.floor(random() * 3); line > 0; line--) {
        let body = '';
        for (let prefix = Math.floor(random() * 4); prefix > 0; prefix--) body += pick(PREFIXES);
        const closers: string[] = [];
        for (let level = Math.floor(random() * 40); level > 0; level--) {
          const [open, close] = pick(PAIRS);
          body += pick(BETWEEN) + open + (random() < 0.5 ? 'a ' : '');
          closers.push(close);
        }
        body += 'x';
        for (let close = closers.pop(); close; close = closers.pop())
          body += (random() < 0.5 ? ' a' : '') + close + pick(BETWEEN);
        markdown += body + pick(['\n', '\n\n', ' ', '\n> ']);
      }
      const real = levels(parseMarkdown(markdown));
      if (real > measureMarkdown(markdown).depth)
        expect.fail(`${real} levels measured lower in ${JSON.stringify(markdown)}`);
    }
  });
});

describe('measureMarkdown figures', () => {
  // The limits above only check that an estimate is never too low; these pin the estimate itself, so a change that
  // makes the pass count more (or less) than it did is seen, not only one that would let a slow body through.
  it.each([
    [
      'prose with a nested list',
      '# Title\n\nA paragraph with *emphasis*, **strong**, `code` and a [link](https://example.org).\n\n- one\n- two\n  - nested\n',
      { depth: 2, tableCells: 0, inlineWork: 830, blockWork: 18, nodes: 25, cells: 0, tokens: 13, length: 116 },
    ],
    [
      'quotes, a lazy line and an ordered list',
      '> quote\n> > nested *a **b** c*\n>\nlazy line\n\n1. item\n2. item\n',
      { depth: 5, tableCells: 0, inlineWork: 186, blockWork: 24, nodes: 21, cells: 0, tokens: 9, length: 60 },
    ],
    [
      'a table with a long row',
      '| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 | 5 |\n\ntext | pipe\n',
      { depth: 0, tableCells: 6, inlineWork: 0, blockWork: 0, nodes: 5, cells: 14, tokens: 16, length: 57 },
    ],
    [
      'nested emphasis, a fence and an HTML block',
      '*a **b _c ~~d~~ e_ f** g* h_i_j ***k*** l**m*n\n\n```js\nconst x = 1;\n```\n<div>\n*not*\n</div>\n',
      { depth: 5, tableCells: 0, inlineWork: 1157, blockWork: 0, nodes: 34, cells: 0, tokens: 9, length: 90 },
    ],
    [
      'emphasis runs under the rule of three',
      '*foo**bar**baz*\n\n***a**b*c\n',
      { depth: 5, tableCells: 0, inlineWork: 156, blockWork: 0, nodes: 14, cells: 0, tokens: 0, length: 27 },
    ],
  ])('%s', (_name, markdown, figures) => {
    expect(measureMarkdown(markdown)).toMatchObject(figures);
  });
});

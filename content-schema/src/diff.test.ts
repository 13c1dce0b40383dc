import { describe, expect, it } from 'vitest';
import { diffLines, diffTokens, diffWords, hasChanges, splitLines, splitWords, type DiffPart } from './diff.ts';

const old = (parts: DiffPart[]) =>
  parts
    .filter((p) => p.op !== 'insert')
    .map((p) => p.text)
    .join('');
const fresh = (parts: DiffPart[]) =>
  parts
    .filter((p) => p.op !== 'delete')
    .map((p) => p.text)
    .join('');
/** Tokens are single characters in the random cases, so the changed text's length is the edit count. */
const edits = (parts: DiffPart[]) => parts.filter((p) => p.op !== 'equal').reduce((n, p) => n + p.text.length, 0);

/** The length of the longest common subsequence, by dynamic programming: the minimal edit count is n + m - 2·lcs. */
function lcs(a: string[], b: string[]): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    let diag = 0;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j]!;
      row[j] = x === b[j - 1] ? diag + 1 : Math.max(row[j]!, row[j - 1]!);
      diag = up;
    }
  }
  return row[b.length]!;
}

/** A small deterministic generator (mulberry32), so a failure names its seed. */
function random(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('diffTokens', () => {
  it('finds the shortest edit script and gives both texts back (random cases against an LCS)', () => {
    for (let seed = 1; seed <= 400; seed++) {
      const next = random(seed);
      const word = () => Array.from({ length: Math.floor(next() * 14) }, () => 'abcd'[Math.floor(next() * 4)]!);
      const a = word();
      const b = next() < 0.3 ? [...a.slice(0, 3), ...word(), ...a.slice(3)] : word();
      const parts = diffTokens(a, b);
      expect(old(parts), `seed ${seed}`).toBe(a.join(''));
      expect(fresh(parts), `seed ${seed}`).toBe(b.join(''));
      expect(edits(parts), `seed ${seed}: ${a.join('')} → ${b.join('')}`).toBe(a.length + b.length - 2 * lcs(a, b));
    }
  });

  it('merges runs and puts the deletion before the insertion', () => {
    expect(diffTokens(['a', 'b', 'c'], ['a', 'x', 'c'])).toEqual([
      { op: 'equal', text: 'a' },
      { op: 'delete', text: 'b' },
      { op: 'insert', text: 'x' },
      { op: 'equal', text: 'c' },
    ]);
    expect(diffTokens([], [])).toEqual([]);
    expect(diffTokens(['a'], [])).toEqual([{ op: 'delete', text: 'a' }]);
    expect(diffTokens([], ['a'])).toEqual([{ op: 'insert', text: 'a' }]);
  });

  it('reports texts beyond the work bound as replaced, still exactly', () => {
    const a = Array.from({ length: 50 }, (_, i) => `a${i}`);
    const b = Array.from({ length: 50 }, (_, i) => `b${i}`);
    const parts = diffTokens(a, b, 10);
    expect(parts).toEqual([
      { op: 'delete', text: a.join('') },
      { op: 'insert', text: b.join('') },
    ]);
  });

  it('diffs a long body with a few edits quickly', () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => `Line ${i} of a long article.\n`);
    const edited = [...lines];
    edited[5_000] = 'A new line in the middle.\n';
    edited.splice(12_000, 3);
    const started = performance.now();
    const parts = diffTokens(lines, edited);
    expect(performance.now() - started).toBeLessThan(500);
    expect(parts.filter((p) => p.op === 'delete').map((p) => p.text)).toEqual([
      'Line 5000 of a long article.\n',
      'Line 12000 of a long article.\nLine 12001 of a long article.\nLine 12002 of a long article.\n',
    ]);
  });
});

describe('splitting', () => {
  it('keeps every character, so the tokens join to the text', () => {
    for (const text of ['', 'one', 'one\ntwo', 'one\n\ntwo\n', '\n', 'Malmö, Åre — “quoted” 3.5 GW!\n  indented']) {
      expect(splitLines(text).join('')).toBe(text);
      expect(splitWords(text).join('')).toBe(text);
    }
    expect(splitWords('Grid queues, not chips.')).toEqual(['Grid', ' ', 'queues', ',', ' ', 'not', ' ', 'chips', '.']);
  });
});

describe('diffWords', () => {
  it('marks only the changed words of a title', () => {
    expect(diffWords('Grid queues are the real bottleneck', 'Grid queues are the only bottleneck')).toEqual([
      { op: 'equal', text: 'Grid queues are the ' },
      { op: 'delete', text: 'real' },
      { op: 'insert', text: 'only' },
      { op: 'equal', text: ' bottleneck' },
    ]);
    expect(hasChanges(diffWords('same', 'same'))).toBe(false);
  });

  it('reads a rewrite as one replacement, not as words interleaved around shared spaces', () => {
    expect(diffWords('Two tabs 17', 'The title the first tab saved')).toEqual([
      { op: 'delete', text: 'Two tabs 17' },
      { op: 'insert', text: 'The title the first tab saved' },
    ]);
    // Shared words still show as unchanged.
    expect(diffWords('Grid queues, in short', 'Power queues, at length')).toEqual([
      { op: 'delete', text: 'Grid' },
      { op: 'insert', text: 'Power' },
      { op: 'equal', text: ' queues, ' },
      { op: 'delete', text: 'in short' },
      { op: 'insert', text: 'at length' },
    ]);
    for (const [a, b] of [
      ['a b c', 'x b y'],
      ['one, two', 'three; four'],
      ['', 'new'],
      ['old', ''],
    ]) {
      const parts = diffWords(a!, b!);
      expect(
        parts
          .filter((p) => p.op !== 'insert')
          .map((p) => p.text)
          .join(''),
      ).toBe(a);
      expect(
        parts
          .filter((p) => p.op !== 'delete')
          .map((p) => p.text)
          .join(''),
      ).toBe(b);
    }
  });
});

describe('diffLines', () => {
  it('gives one entry per line, and a changed line its word diff', () => {
    const before = '## Why\n\nBecause grids take years to build.\n\nThe end.';
    const after = '## Why\n\nBecause grids take a decade to build.\n\nThe end.\nA new closing line.';
    expect(diffLines(before, after)).toEqual([
      { op: 'equal', text: '## Why' },
      { op: 'equal', text: '' },
      {
        op: 'delete',
        text: 'Because grids take years to build.',
        words: [
          { op: 'equal', text: 'Because grids take ' },
          { op: 'delete', text: 'years' },
          { op: 'equal', text: ' to build.' },
        ],
      },
      {
        op: 'insert',
        text: 'Because grids take a decade to build.',
        words: [
          { op: 'equal', text: 'Because grids take ' },
          { op: 'insert', text: 'a decade' },
          { op: 'equal', text: ' to build.' },
        ],
      },
      { op: 'equal', text: '' },
      { op: 'equal', text: 'The end.' },
      { op: 'insert', text: 'A new closing line.' },
    ]);
  });

  // Line endings are not content: a final line break on one side only, or CRLF against LF, changes no line.
  it.each([
    ['a final newline on neither side', 'one\ntwo\nthree', 'one\n2\nthree'],
    ['a final newline on both sides', 'one\ntwo\nthree\n', 'one\n2\nthree\n'],
    ['a final newline only before', 'one\ntwo\nthree\n', 'one\n2\nthree'],
    ['a final newline only after', 'one\ntwo\nthree', 'one\n2\nthree\n'],
    ['CRLF before, LF after', 'one\r\ntwo\r\nthree', 'one\n2\nthree\n'],
    ['LF before, CRLF after', 'one\ntwo\nthree\n', 'one\r\n2\r\nthree'],
    ['CRLF on both sides', 'one\r\ntwo\r\nthree\r\n', 'one\r\n2\r\nthree'],
    ['old Mac CR line ends', 'one\rtwo\rthree', 'one\n2\nthree'],
  ])('an edit of the middle line shows only that line changed (%s)', (_, before, after) => {
    expect(diffLines(before, after).map(({ op, text }) => ({ op, text }))).toEqual([
      { op: 'equal', text: 'one' },
      { op: 'delete', text: 'two' },
      { op: 'insert', text: '2' },
      { op: 'equal', text: 'three' },
    ]);
  });

  it.each([
    ['nothing', '', '', []],
    ['an empty text before', '', 'new\n', [{ op: 'insert', text: 'new' }]],
    ['an empty text after', 'old\n', '', [{ op: 'delete', text: 'old' }]],
    ['a blank line against nothing', '\n', '', [{ op: 'delete', text: '' }]],
    [
      'only the final newline differing',
      'a\nb',
      'a\nb\n',
      [
        { op: 'equal', text: 'a' },
        { op: 'equal', text: 'b' },
      ],
    ],
    [
      'only CRLF against LF',
      'a\r\nb\r\n',
      'a\nb',
      [
        { op: 'equal', text: 'a' },
        { op: 'equal', text: 'b' },
      ],
    ],
    [
      'a line added after a last line without a break',
      'a\nend',
      'a\nend\nmore',
      [
        { op: 'equal', text: 'a' },
        { op: 'equal', text: 'end' },
        { op: 'insert', text: 'more' },
      ],
    ],
    [
      'a trailing blank line added',
      'a\n',
      'a\n\n',
      [
        { op: 'equal', text: 'a' },
        { op: 'insert', text: '' },
      ],
    ],
  ])('diffs %s', (_, before, after, expected) => {
    expect(diffLines(before, after)).toEqual(expected);
  });

  it('shows an unchanged text as equal lines only', () => {
    const text = 'a\nb\nc';
    expect(diffLines(text, text).every((l) => l.op === 'equal')).toBe(true);
    expect(diffLines('', 'new')).toEqual([{ op: 'insert', text: 'new' }]);
  });
});

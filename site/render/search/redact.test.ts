/**
 * redact.ts against the files the real pagefind writes: a bundle without some pages must be, file for file, the
 * bundle as pagefind wrote it with those pages taken out of every word, variant and filter value (page numbers
 * delta-encoded per list in the word index, absolute in filters), with the chunk boundaries pagefind itself derives.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeCbor, type CborValue } from './cbor.ts';
import { readPagefindFile } from './pagefind-files.ts';
import { runPagefind } from './pagefind-run.ts';
import { redactBundle } from './redact.ts';

let bundles: string;
beforeAll(async () => {
  bundles = mkdtempSync(join(tmpdir(), 'redact-'));
  // Overlapping runs of words, so most words are on several pages; page 6 has words no other page has, and
  // page 0 a diacritic variant ('wébx' is indexed as 'webx' with the form 'wébx').
  const words = Array.from(
    { length: 60 },
    (_, i) => `w${String.fromCharCode(97 + (i % 26), 97 + Math.floor(i / 26))}x`,
  );
  const pages = Array.from({ length: 6 }, (_, p) => words.slice(p * 10, p * 10 + 30).join(' '));
  pages[0] += ' wébx';
  pages.push('zqonly zqalone zqsolo');
  const records = pages.map((content, p) => ({
    url: `/p${p}/`,
    content,
    meta: { title: 'common' },
    filters: { category: [p === 0 ? 'A' : p === 6 ? 'C' : 'B'] },
  }));
  await runPagefind(records, join(bundles, 'x-orig'), 20); // small chunks: many of them
});
afterAll(() => rmSync(bundles, { recursive: true, force: true }));

const read = (dir: string, file: string) => decodeCbor(readPagefindFile(readFileSync(join(dir, file))));

/** A bundle's metadata: its page hashes, chunks ([from, to, file]) and filters ([name, file]). */
function metaOf(dir: string): { pages: string[]; chunks: string[][]; filters: string[][] } {
  const file = readdirSync(dir).find((f) => f.endsWith('.pf_meta'))!;
  const meta = read(dir, file) as CborValue[][];
  return {
    pages: (meta[1] as CborValue[][]).map((p) => String(p[0])),
    chunks: (meta[2] as CborValue[][]).map((c) => c.slice(0, 3).map(String)),
    filters: (meta[3] as CborValue[][]).map((f) => f.slice(0, 2).map(String)),
  };
}

/** Absolute page numbers of a delta-encoded page list ([[delta, …], …]). */
const absolute = (pages: CborValue[][]) => {
  let page = 0;
  return pages.map((p) => (page += p[0] as number));
};

/** Every word of a bundle's index (variants as 'word/form') with the pages that have it. */
function wordsOf(dir: string): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const [, , hash] of metaOf(dir).chunks) {
    const [words] = read(join(dir, 'index'), `${hash}.pf_index`) as CborValue[][][];
    for (const [word, pages, variants = []] of words!) {
      // A word only its variants have (pagefind writes it with no pages of its own) is known by them alone.
      if ((pages as CborValue[][]).length) out.set(String(word), absolute(pages as CborValue[][]));
      for (const [form, vPages] of variants as CborValue[][])
        out.set(`${String(word)}/${String(form)}`, absolute(vPages as CborValue[][]));
    }
  }
  return out;
}

/** Every filter value of a bundle with its pages. */
function filtersOf(dir: string): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const [name, hash] of metaOf(dir).filters) {
    const [, values] = read(join(dir, 'filter'), `${hash}.pf_filter`) as CborValue[][];
    for (const [value, pages] of values as CborValue[][]) out.set(`${name}:${String(value)}`, pages as number[]);
  }
  return out;
}

/** What pagefind's own files say, without `gone` (page numbers): words and values no page is left with go. */
function without(all: Map<string, number[]>, gone: number[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const [key, pages] of all) {
    const left = pages.filter((p) => !gone.includes(p));
    if (left.length) out.set(key, left);
  }
  return out;
}

describe('a bundle without some of its pages', () => {
  it.each([
    ['a page whose words other pages have too', [2]],
    ['a page with a diacritic variant', [0]],
    ['a page whose words no other page has, and another', [6, 3]],
  ])('%s', async (_name, gone) => {
    const src = join(bundles, 'x-orig');
    const original = metaOf(src);
    const copy = join(bundles, 'x-work');
    rmSync(copy, { recursive: true, force: true });
    cpSync(src, copy, { recursive: true });
    const name = await redactBundle(
      bundles,
      'x-work',
      gone.map((p) => original.pages[p]!),
    );
    const out = join(bundles, name!);

    expect(wordsOf(out)).toEqual(without(wordsOf(src), gone));
    expect(filtersOf(out)).toEqual(without(filtersOf(src), gone));
    for (const p of gone) expect(existsSync(join(out, 'fragment', `${original.pages[p]}.pf_fragment`))).toBe(false);
    const redacted = metaOf(out);
    expect(redacted.pages).toEqual(original.pages); // the numbering every chunk refers to
    if (gone[0] === 2) {
      // Every word is left, so every chunk keeps its first and last: the boundaries must be the ones pagefind wrote.
      expect(redacted.chunks.map(([from, to]) => [from, to])).toEqual(original.chunks.map(([from, to]) => [from, to]));
    } else if (gone.includes(6)) {
      expect(redacted.chunks.length).toBeLessThan(original.chunks.length); // a chunk of page 6's words alone
      expect(JSON.stringify(redacted.chunks)).not.toMatch(/zq/);
    }
    rmSync(out, { recursive: true, force: true });
  });
});

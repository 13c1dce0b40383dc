import { describe, expect, it } from 'vitest';
import { CATEGORIES } from 'content-schema/categories';
import { countWords, parseMarkdown, renderMarkdown, type MdastNode } from 'content-schema/markdown';
import { AUTHOR_PROFILES } from 'content-schema/personas';
import { PostInputSchema } from 'content-schema/post';
import { generateCorpus, generatePost, type CorpusPost } from './corpus.ts';

const take = (count: number, seed = 1): CorpusPost[] => [...generateCorpus(count, seed)];
/** Lowercase letter runs of the visible text: link targets and code-fence languages are not words a reader sees. */
const wordForms = (markdown: string): string[] =>
  markdown
    .replace(/\]\([^)]*\)/g, ' ')
    .replace(/^```.*$/gm, ' ')
    .toLowerCase()
    .match(/\p{L}+/gu) ?? [];

function visit(node: MdastNode, seen: (node: MdastNode) => void): void {
  seen(node);
  if ('children' in node) for (const child of node.children as MdastNode[]) visit(child, seen);
}

describe('corpus', () => {
  it('is deterministic per (index, seed) and independent of the other posts', () => {
    const fromCorpus = take(40)[37]!;
    expect(generatePost(37)).toEqual(fromCorpus);
    expect(generatePost(37, 1)).toEqual(generatePost(37, 1));
    expect(generatePost(7345, 9)).toEqual(generatePost(7345, 9));
    const other = generatePost(37, 2);
    expect(other.content).not.toBe(fromCorpus.content);
    expect(other.title).not.toBe(fromCorpus.title);
    expect(() => generatePost(-1)).toThrow(RangeError);
  });

  it('keeps every body within 800–2,000 words, spread across the range, with readTime = ceil(words / 200)', () => {
    const counts = take(200, 3).map((post) => {
      const words = countWords(post.content);
      expect(post.readTime).toBe(Math.ceil(words / 200));
      return words;
    });
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(800);
    expect(Math.max(...counts)).toBeLessThanOrEqual(2000);
    expect(counts.filter((w) => w < 1100).length).toBeGreaterThan(10);
    expect(counts.filter((w) => w > 1700).length).toBeGreaterThan(10);
  });

  it('uses every markdown structure across a sample, and no raw HTML', () => {
    const kinds = new Set<string>();
    const languages = new Set<string>();
    for (const post of take(60, 5)) {
      visit(parseMarkdown(post.content), (node) => {
        kinds.add(node.type);
        if (node.type === 'heading') kinds.add(`h${node.depth}`);
        if (node.type === 'list') kinds.add(node.ordered ? 'ordered' : 'bullet');
        if (node.type === 'listItem' && node.children.some((child) => child.type === 'list')) kinds.add('nested');
        if (node.type === 'code' && node.lang) languages.add(node.lang);
        if (node.type === 'link' && node.url.startsWith('https://')) kinds.add('https');
      });
    }
    for (const kind of [
      'h2',
      'h3',
      'paragraph',
      'bullet',
      'ordered',
      'nested',
      'code',
      'blockquote',
      'table',
      'https',
      'inlineCode',
      'emphasis',
      'strong',
      'footnoteReference',
      'footnoteDefinition',
    ]) {
      expect(kinds, kind).toContain(kind);
    }
    expect(kinds).not.toContain('html');
    for (const lang of ['ts', 'json', 'bash', 'python']) expect(languages, lang).toContain(lang);
  });

  it('varies the amount of structure from post to post', () => {
    const tables = take(60, 5).map((post) => (post.content.match(/^\| --- |^\| :?---/gm) ?? []).length);
    expect(tables.filter((n) => n === 0).length).toBeGreaterThan(10);
    expect(tables.some((n) => n >= 2)).toBe(true);
  });

  it('covers every category and persona within 60 posts', () => {
    const posts = take(60);
    expect(new Set(posts.map((post) => post.category))).toEqual(new Set(CATEGORIES));
    expect(new Set(posts.map((post) => post.authorName))).toEqual(new Set(AUTHOR_PROFILES.map((p) => p.name)));
  });

  it('gives unique slugs over 2,000 posts, and dates that grow with the index over about five years', () => {
    const slugs = new Set<string>();
    let previous = 0;
    for (const post of generateCorpus(2000)) {
      slugs.add(post.slug);
      expect(post.createdAt.getTime()).toBeGreaterThan(previous);
      previous = post.createdAt.getTime();
    }
    expect(slugs.size).toBe(2000);
    const span = generatePost(9999).createdAt.getTime() - generatePost(0).createdAt.getTime();
    expect(span / (365.25 * 86_400_000)).toBeCloseTo(5, 0);
  });

  it('has titles, excerpts and tags of realistic size', () => {
    const posts = take(300, 11);
    const tags = new Set<string>();
    for (const post of posts) {
      expect(post.title.length).toBeLessThanOrEqual(200);
      expect(post.excerpt.length).toBeLessThanOrEqual(500);
      expect(post.tags.length).toBeGreaterThanOrEqual(1);
      expect(post.tags.length).toBeLessThanOrEqual(6);
      for (const tag of post.tags) expect(tag.length).toBeLessThanOrEqual(50);
      post.tags.forEach((tag) => tags.add(tag));
    }
    const typical = posts.filter((post) => post.excerpt.length >= 120 && post.excerpt.length <= 300).length;
    expect(typical / posts.length).toBeGreaterThan(0.9);
    expect(tags.size).toBeGreaterThan(100);
  });

  it('has a large, Zipf-like vocabulary and no repeated paragraphs', () => {
    const frequency = new Map<string, number>();
    const paragraphs = new Set<string>();
    let paragraphCount = 0;
    for (const post of generateCorpus(1000, 2)) {
      for (const word of wordForms(post.content)) frequency.set(word, (frequency.get(word) ?? 0) + 1);
      for (const block of post.content.split('\n\n')) {
        if (block.length < 200 || /^[#|`>-]/.test(block)) continue;
        paragraphs.add(block);
        paragraphCount++;
      }
    }
    expect(frequency.size).toBeGreaterThanOrEqual(15_000);
    expect(paragraphs.size).toBe(paragraphCount);
    // Zipf: a handful of function words dominate, frequency falls steadily with rank, and most forms are rare.
    const ranked = [...frequency.values()].sort((a, b) => b - a);
    const total = ranked.reduce((sum, n) => sum + n, 0);
    expect(ranked[0]! / total).toBeGreaterThan(0.03);
    expect(ranked[0]! / total).toBeLessThan(0.1);
    const slope = Math.log(ranked[999]! / ranked[9]!) / Math.log(100);
    expect(slope).toBeLessThan(-0.7);
    expect(slope).toBeGreaterThan(-1.5);
    expect(ranked.filter((n) => n === 1).length / ranked.length).toBeGreaterThan(0.5);
  });

  it('passes PostInputSchema and renders for a sample', () => {
    for (const post of take(200, 4)) {
      const { title, excerpt, content, category, tags, authorName, readTime } = post;
      const parsed = PostInputSchema.safeParse({
        title,
        excerpt,
        content,
        category,
        tags,
        authorName,
        readTime,
        published: true,
      });
      expect(parsed.error).toBeUndefined();
      expect(post.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(post.slug.length).toBeLessThanOrEqual(120);
    }
    for (const post of take(20, 4)) {
      const html = renderMarkdown(post.content);
      expect(html).toContain('<h2');
      expect(html).not.toContain('[^');
    }
  });
});

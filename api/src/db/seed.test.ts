import { describe, expect, it } from 'vitest';
import { countWords } from 'content-schema/markdown';
import { CATEGORY_ROUTES } from 'content-schema/categories';
import { AUTHOR_PROFILES } from 'content-schema/personas';
import { posts, templates } from './schema.ts';
import { readSeedArticles, seedIfEmpty } from './seed.ts';
import { tempDb } from '../test-utils.ts';

describe('editorial seed', () => {
  const articles = readSeedArticles();
  const published = articles.filter((a) => a.data.published);

  it('has at least 12 published articles and 2 drafts', () => {
    expect(published.length).toBeGreaterThanOrEqual(12);
    expect(articles.filter((a) => !a.data.published).length).toBeGreaterThanOrEqual(2);
  });

  it.each(articles.map((a) => [a.file, a] as const))('%s is substantive markdown by a known persona', (_file, a) => {
    const words = countWords(a.body);
    expect(words).toBeGreaterThanOrEqual(600);
    expect(words).toBeLessThanOrEqual(1500);
    expect(a.body).toMatch(/^## /m);
    expect(a.body).toMatch(/```\w+/);
    expect(a.body).toMatch(/^> /m);
    expect(a.body).toMatch(/\]\(https?:\/\//);
    expect(AUTHOR_PROFILES.map((p) => p.name)).toContain(a.data.author);
  });

  it('covers every category listing with published articles', () => {
    for (const route of CATEGORY_ROUTES) expect(published.some((a) => a.data.category === route.category)).toBe(true);
  });

  it('seeds an empty database once, in one batch', async () => {
    const { db, cleanup } = await tempDb();
    expect(await seedIfEmpty(db)).toEqual({ posts: articles.length, templates: 3 });
    expect(await seedIfEmpty(db)).toEqual({ posts: 0, templates: 0 });
    const rows = await db.select().from(posts);
    expect(rows).toHaveLength(articles.length);
    // Persona-written, and said so: the article's AI disclosure reads this.
    expect(new Set(rows.map((r) => r.provenance))).toEqual(new Set(['ai-generated']));
    const t = await db.select().from(templates);
    expect(t.map((x) => [x.name, x.readTime, x.usageCount])).toEqual([
      // Uses start at 0 and count real uses (no invented figures: counts come from what really ran).
      ['Analysis Drop', 6, 0],
      ['Startup Radar', 8, 0],
      ['Deep Dive', 12, 0],
    ]);
    await cleanup();
  });
});

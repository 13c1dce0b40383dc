import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { posts } from './schema.ts';
import { seedIfEmpty } from './seed.ts';
import { seedMediaIfEmpty } from './seed-media.ts';
import { testApp } from '../test-utils.ts';

let t: Awaited<ReturnType<typeof testApp>>;
beforeEach(async () => {
  t = await testApp();
});
afterEach(() => t.cleanup());

describe('the seeded images', () => {
  it('are uploaded into an empty library once, with their details, and shown by the articles that name them', async () => {
    await seedIfEmpty(t.db);
    expect(await seedMediaIfEmpty(t.ctx.media)).toBe(5);
    expect(await seedMediaIfEmpty(t.ctx.media)).toBe(0);
    const library = (await t.ctx.media.list()).reverse();
    expect(library.map((m) => [m.id, m.fileName, m.width, m.credit])).toEqual([
      [1, 'ai-act-timeline.png', 1600, 'Northwire'],
      [2, 'nordic-bidding-zones.png', 1600, 'Northwire'],
      [3, 'cover-signal-blue.png', 1600, 'Northwire'],
      [4, 'cover-health-green.png', 1600, 'Northwire'],
      [5, 'cover-grid-amber.png', 1600, 'Northwire'],
    ]);
    await t.ctx.posts.backfillDerived();
    const [article] = await t.db
      .select()
      .from(posts)
      .where(eq(posts.slug, 'eu-ai-act-general-purpose-ai-nordic-startups'));
    expect(article!.html).toContain(`alt="${library[0]!.alt}" width="1600" height="800" loading="lazy"`);
    expect(article!.html).toContain("<figcaption>When the AI Act's rules apply");
    expect(article!.imagesWithoutAlt).toEqual([]);
    expect((await t.ctx.media.get(1)).usedBy).toEqual([{ id: article!.id, title: article!.title }]);
    // The covers are feature images: used by their articles, so the library will not delete them.
    expect(article!.featureImage).toEqual({ id: 3, focusX: 40, focusY: 45 });
    expect((await t.ctx.media.get(3)).usedBy).toEqual([{ id: article!.id, title: article!.title }]);
  }, 60_000);
});

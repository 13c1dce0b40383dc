/**
 * Search through the API (trigram FTS5) against the spec's rule, written out in plain JavaScript: a case-insensitive
 * substring of title, excerpt or content. The corpus mixes words, partial words, punctuation, markdown and
 * non-ASCII capitals; every query must give exactly the posts the rule gives.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { posts } from '../db/schema.ts';
import { testApp } from '../test-utils.ts';

let t: Awaited<ReturnType<typeof testApp>>;
afterEach(() => t.cleanup());

const WORDS = [
  'grid',
  'Grids',
  'battery',
  'BATTERIES',
  'semiconductor',
  'quantum',
  'Österreich',
  'Malmö',
  'ÅLAND',
  'fjord',
  'regulation',
  'deregulated',
  'AI',
  'ai-assisted',
  'e-mobility',
  '50%',
  'under_score',
  'C++',
  'Straße',
  'naïve',
  'data-centre',
  'hydrogen',
  'Hydrogène',
  'startup',
  'Start-Up',
  'capital',
  "investors'",
  '"quoted"',
  'fusion',
  'Fusion',
];

/** A deterministic pseudo-random corpus (a small LCG), so a failure names the same posts every time. */
function corpus(n: number) {
  let seed = 42;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = () => WORDS[Math.floor(next() * WORDS.length)]!;
  const sentence = (k: number) => Array.from({ length: k }, pick).join(' ');
  return Array.from({ length: n }, (_, i) => ({
    slug: `search-corpus-${i}`,
    title: `${sentence(3)} ${i}`,
    excerpt: sentence(6),
    content: `## ${sentence(2)}\n\n${sentence(25)}. **${sentence(3)}**, [${pick()}](https://example.com/${pick()}).\n\n- ${sentence(4)}`,
    category: 'Energy Future',
    tags: [],
    authorName: 'A',
    readTime: 3,
    published: i % 7 !== 0,
    createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
    updatedAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
  }));
}

const QUERIES = [
  'grid',
  'GRID',
  'gri',
  'batter',
  'BATTERIES',
  'semicond',
  'conductor',
  'österreich',
  'ÖSTER',
  'malmö',
  'MALMÖ',
  'åland',
  'straße',
  'naïve',
  'ai-ass',
  'e-mob',
  '50%',
  'under_',
  '_score',
  'c++',
  'data-centre centre',
  'hydrogène',
  'start-up',
  'startup',
  "investors'",
  '"quoted"',
  'fusion f',
  'ab',
  'ai',
  'AI',
  'e-',
  'zzz-not-there',
  'gr',
  '%',
  '_',
  '## ',
  '**',
  'https://example',
  '](https',
  'fjord fjord',
];

describe('search through the API', () => {
  it('gives exactly the posts of the substring rule, for whole and partial words, any case', async () => {
    t = await testApp();
    const rows = corpus(160);
    await t.db.insert(posts).values(rows);
    const visible = rows.filter((r) => r.published);
    for (const q of QUERIES) {
      const needle = q.toLowerCase();
      const expected = visible
        .filter((r) => [r.title, r.excerpt, r.content].some((f) => f.toLowerCase().includes(needle)))
        .map((r) => r.slug)
        .sort();
      const res = await t.call('GET', `/api/posts?published=true&fields=summary&search=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      const got = (res.json as { slug: string }[]).map((p) => p.slug).sort();
      expect({ q, got }).toEqual({ q, got: expected });
    }
  });

  it('follows every write in the same transaction: edit, unpublish and delete', async () => {
    t = await testApp();
    await t.login();
    const search = async (q: string) =>
      ((await t.call('GET', `/api/posts?published=true&search=${encodeURIComponent(q)}`)).json as { id: number }[]).map(
        (p) => p.id,
      );
    const created = (
      await t.call('POST', '/api/posts', {
        title: 'Tidal turbines in the Pentland Firth',
        excerpt: 'Why the strongest tidal stream in Europe is still mostly untapped.',
        content: '## Turbines\n\nThe **Pentland** Firth could power a city.',
        category: 'Energy Future',
        authorName: 'A',
        readTime: 3,
        published: true,
      })
    ).json as { id: number };
    expect(await search('pentland')).toEqual([created.id]);
    await t.call('PUT', `/api/posts/${created.id}`, { title: 'Tidal turbines off Orkney', content: 'Orkney leads.' });
    expect(await search('orkney')).toEqual([created.id]);
    expect(await search('pentland')).toEqual([]); // gone from title and content (the excerpt never had it)
    await t.call('PUT', `/api/posts/${created.id}`, { published: false });
    expect(await search('orkney')).toEqual([]);
    await t.call('PUT', `/api/posts/${created.id}`, { published: true });
    await t.call('DELETE', `/api/posts/${created.id}`);
    expect(await search('orkney')).toEqual([]);
    const left = await t.db.$client.execute(`SELECT count(*) AS n FROM posts_fts WHERE posts_fts MATCH '"orkney"'`);
    expect(Number(left.rows[0]!.n)).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { PAGE_SIZE, fetchPublishedPosts } from './fetch-posts.ts';
import { siteSummary } from './test-posts.ts';

/** A post as the API's list answers it (with its markdown). */
const post = (id: number) => ({ ...siteSummary(id, { slug: `p-${id}` }), content: '# c' });
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe('fetchPublishedPosts', () => {
  it('pages with limit and offset until a short page', async () => {
    const all = Array.from({ length: PAGE_SIZE + 3 }, (_, i) => post(i + 1));
    const urls: string[] = [];
    const posts = await fetchPublishedPosts('http://api', async (url) => {
      urls.push(url);
      const q = new URL(url).searchParams;
      const offset = Number(q.get('offset'));
      return json(all.slice(offset, offset + Number(q.get('limit'))));
    });
    expect(posts).toHaveLength(PAGE_SIZE + 3);
    expect(urls).toEqual([
      `http://api/api/posts?published=true&limit=${PAGE_SIZE}&offset=0`,
      `http://api/api/posts?published=true&limit=${PAGE_SIZE}&offset=${PAGE_SIZE}`,
    ]);
  });

  it('fails on an error answer, an invalid post or a draft', async () => {
    await expect(fetchPublishedPosts('http://api', async () => new Response('boom', { status: 500 }))).rejects.toThrow(
      'answered 500: boom',
    );
    await expect(fetchPublishedPosts('http://api', async () => json([{ id: 1 }]))).rejects.toThrow(
      /does not match the Post schema/,
    );
    await expect(
      fetchPublishedPosts('http://api', async () => json([{ ...post(1), published: false }])),
    ).rejects.toThrow(/draft/);
  });

  it('explains an unreachable API', async () => {
    await expect(
      fetchPublishedPosts('http://api', async () => {
        throw new TypeError('fetch failed');
      }),
    ).rejects.toThrow(/Could not reach the API/);
  });
});

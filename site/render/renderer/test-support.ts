/** Test support for the renderer's tests: posts, a source serving them from memory, and change records. */
import type { RenderChange } from 'content-schema/render';
import type { SitePost } from 'content-schema/site-feed';
import { sitePost } from '../../lib/build/test-posts.ts';
import type { SiteSource } from '../source.ts';

/** A published post of 'Analysis Drop', dated by its id. */
export function post(id: number, fields: Partial<SitePost> = {}): SitePost {
  const at = new Date(Date.UTC(2025, 0, id)).toISOString();
  return sitePost(id, {
    title: `Post ${id}`,
    category: 'Analysis Drop',
    authorName: 'Dr. Astrid Lindqvist',
    createdAt: at,
    updatedAt: at,
    publishedAt: at,
    ...fields,
  });
}

/** The published posts, in memory, as the renderer's source; `redirects` are its old slugs. */
export function memorySource(
  posts: Map<number, SitePost>,
  redirects: { from: string; postId: number }[] = [],
  media: Map<string, Uint8Array> = new Map(),
): SiteSource {
  const sorted = () => [...posts.values()].sort((a, b) => a.id - b.id);
  return {
    async *summaries() {
      yield sorted();
    },
    async *posts(_pageSize, _withText, after = 0) {
      yield sorted().filter((p) => p.id > after);
    },
    postsById: async (ids) => ids.flatMap((id) => posts.get(id) ?? []),
    redirects: async () => redirects.filter((r) => posts.has(r.postId)),
    corrections: async () => [],
    mediaFile: async (file) => {
      const bytes = media.get(file);
      if (!bytes) throw new Error(`no media file ${file}`);
      return bytes;
    },
  };
}

/** A change record of post `postId` in 'Analysis Drop', from slug `slug` (to `newSlug`, unless the post is gone). */
export const change = (
  id: number,
  kind: RenderChange['kind'],
  postId: number,
  slug: string,
  newSlug = slug,
): RenderChange => ({
  id,
  kind,
  postId,
  title: '',
  oldSlug: slug,
  newSlug: kind === 'unpublished' || kind === 'deleted' ? null : newSlug,
  oldCategory: 'Analysis Drop',
  newCategory: 'Analysis Drop',
});

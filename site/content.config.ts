import { defineCollection } from 'astro:content';
import { PostSummarySchema } from 'content-schema/post';
import { renderMarkdown } from 'content-schema/markdown';
import { env } from './lib/env.ts';
import { fetchPublishedPosts } from './lib/fetch-posts.ts';

/**
 * Published posts, fetched from the API at build time (DESIGN §4). Entries are keyed by slug and
 * carry the sanitised body HTML. The store persists between builds, so a post whose data is
 * unchanged keeps its rendered body and is not rendered again.
 */
const posts = defineCollection({
  // The markdown body is kept only as rendered HTML, so entries hold the summary fields.
  schema: PostSummarySchema,
  loader: {
    name: 'northwire-api-posts',
    async load({ store, logger, generateDigest }) {
      const started = performance.now();
      const fetched = await fetchPublishedPosts(env.SITE_API_URL);
      const keep = new Set<string>();
      let rendered = 0;
      for (const post of fetched) {
        keep.add(post.slug);
        const digest = generateDigest(post);
        if (store.get(post.slug)?.digest === digest) continue;
        const { content, ...summary } = post;
        store.set({ id: post.slug, data: summary, digest, rendered: { html: renderMarkdown(content) } });
        rendered++;
      }
      for (const id of store.keys()) if (!keep.has(id)) store.delete(id);
      logger.info(
        `${fetched.length} published posts from ${env.SITE_API_URL} (${rendered} rendered) in ${Math.round(performance.now() - started)} ms`,
      );
    },
  },
});

export const collections = { posts };

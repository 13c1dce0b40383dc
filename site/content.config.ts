import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { defineCollection } from 'astro:content';
import { PostSummarySchema } from 'content-schema/post';
import { renderMarkdown } from 'content-schema/markdown';
import { env } from './lib/env.ts';
import { fetchPublishedPosts } from './lib/fetch-posts.ts';
import { withScrollableFocus } from './lib/article-html.ts';
import { RenderCache, rendererIdentity } from './lib/render-cache.ts';

/** The article body as the page shows it: sanitised markdown, with keyboard-scrollable wide blocks. */
const renderBody = (markdown: string) => withScrollableFocus(renderMarkdown(markdown));

/**
 * Published posts, fetched from the API at build time (DESIGN §4) and validated against the shared
 * Post schema. Entries are keyed by slug and carry the rendered body; the markdown itself is not kept.
 * Bodies come from a render cache that survives between builds, so a publish re-renders only what changed.
 */
const posts = defineCollection({
  schema: PostSummarySchema,
  loader: {
    name: 'northwire-api-posts',
    async load({ store, logger, generateDigest, config }) {
      const started = performance.now();
      const fetched = await fetchPublishedPosts(env.SITE_API_URL);
      const renderer = rendererIdentity(
        await readFile(fileURLToPath(import.meta.resolve('content-schema/markdown')), 'utf8'),
        await readFile(fileURLToPath(new URL('./lib/article-html.ts', import.meta.url)), 'utf8'),
      );
      const cache = await RenderCache.open(
        fileURLToPath(new URL('northwire-render-cache.json', config.cacheDir)),
        renderer,
      );
      store.clear();
      for (const post of fetched) {
        const { content, ...summary } = post;
        store.set({
          id: post.slug,
          data: summary,
          digest: generateDigest(post),
          rendered: { html: cache.render(content, renderBody) },
        });
      }
      await cache.save();
      logger.info(
        `${fetched.length} published posts from ${env.SITE_API_URL} (${fetched.length - cache.cacheHits} rendered, ${cache.cacheHits} cached) in ${Math.round(performance.now() - started)} ms`,
      );
    },
  },
});

export const collections = { posts };

// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { env } from './site/lib/env.ts';
import { htmlFixups } from './site/lib/html-fixups.ts';

/** Pages that exist for readers' browsers only and must not be listed for crawlers. */
const NOT_IN_SITEMAP = ['/404', '/saved', '/login', '/create-post', '/posts/'];

export default defineConfig({
  srcDir: './site',
  publicDir: './site/public',
  site: env.SITE_URL,
  trailingSlash: 'never',
  build: { format: 'file' },
  // Static hosting gets meta-refresh pages for these; the Node server and netlify.toml answer them with 301.
  // /posts/{slug} is a page (site/pages/posts/[slug].astro): Astro's dynamic redirects point at '….html'.
  redirects: {
    '/login': { status: 301, destination: '/admin' },
    '/create-post': { status: 301, destination: '/admin/create' },
  },
  integrations: [
    react(),
    htmlFixups(),
    sitemap({
      filter: (page) => {
        const path = new URL(page).pathname;
        return !NOT_IN_SITEMAP.some((p) => (p.endsWith('/') ? path.startsWith(p) : path === p));
      },
    }),
  ],
  vite: {
    plugins: [tailwindcss()],
    build: {
      rolldownOptions: {
        // content-schema builds its zod schemas at module level; islands that import only its constants or
        // pure functions must not ship zod, so schema construction counts as side-effect free.
        treeshake: { manualPureFunctions: ['z'] },
      },
    },
  },
});

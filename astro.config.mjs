// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { env } from './site/lib/build/env.ts';
import { warmRenderer } from './site/render/adapter.ts';
import { clientDirectives } from './site/directives/integration.ts';
import { enhancements } from './site/enhance/integration.ts';

export default defineConfig({
  srcDir: './site',
  publicDir: './site/public',
  site: env.SITE_URL,
  trailingSlash: 'never',
  // The Content-Security-Policy (api/src/security-headers.ts) allows no inline style element and no inline
  // script of ours, so stylesheets and scripts always ship as files, however small.
  build: { format: 'file', inlineStylesheets: 'never' },
  // Every page is rendered by the warm renderer (site/render/) from the compiled server bundle, so a publish
  // renders only the pages it affects and a full build uses the very same code path.
  output: 'server',
  adapter: warmRenderer(),
  // client:interaction (site/directives/interaction.ts): islands hydrate when the reader turns to them.
  integrations: [react(), enhancements(), clientDirectives()],
  // No image processing: article images are remote URLs in the stored HTML.
  image: { service: { entrypoint: 'astro/assets/services/noop' } },
  vite: {
    plugins: [tailwindcss()],
    build: {
      // Vite would inline small scripts into the page (and a small `?url` script as a data: URL); see build above.
      assetsInlineLimit: (file) => (/\.(js|mjs|css)$/.test(file) ? false : undefined),
      rolldownOptions: {
        // content-schema builds its zod schemas at module level; islands that import only its constants or
        // pure functions must not ship zod, so schema construction counts as side-effect free.
        treeshake: { manualPureFunctions: ['z'] },
      },
    },
  },
});

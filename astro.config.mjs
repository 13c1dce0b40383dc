// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';

// The canonical origin; the site's env module validates it, this only feeds Astro's `site`.
const site = process.env.SITE_URL || 'http://localhost:4321';

export default defineConfig({
  srcDir: './site',
  publicDir: './site/public',
  site,
  trailingSlash: 'never',
  build: { format: 'file' },
  integrations: [react(), sitemap()],
  vite: { plugins: [tailwindcss()] },
});

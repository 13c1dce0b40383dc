/**
 * The Astro adapter of the warm renderer. `astro build` compiles the site once per code version into a
 * server bundle (dist/server/entry.mjs) whose one export renders any route to a Response; the long-lived
 * renderer (site/render/renderer.ts) loads it and renders only what a change affects. No page is
 * prerendered by `astro build` itself: every page goes through the same renderer, full builds included.
 */
import type { AstroIntegration } from 'astro';

export function warmRenderer(): AstroIntegration {
  return {
    name: 'northwire-warm-renderer',
    hooks: {
      'astro:config:done': ({ setAdapter }) => {
        setAdapter({
          name: 'northwire-warm-renderer',
          entrypointResolution: 'auto',
          serverEntrypoint: new URL('./entry.ts', import.meta.url),
          adapterFeatures: { buildOutput: 'server' },
          supportedAstroFeatures: {
            serverOutput: 'stable',
            staticOutput: 'stable',
            hybridOutput: 'stable',
            sharpImageService: 'unsupported',
          },
        });
      },
    },
  };
}

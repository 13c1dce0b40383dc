/** Registers the enhancement renderer (./define.ts) with Astro, beside React. */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { ENHANCE_RENDERER } from './define.ts';

export function enhancements(): AstroIntegration {
  return {
    name: 'northwire-enhancements',
    hooks: {
      'astro:config:setup': ({ addRenderer }) => {
        addRenderer({
          name: ENHANCE_RENDERER,
          serverEntrypoint: fileURLToPath(new URL('./server.ts', import.meta.url)),
          clientEntrypoint: fileURLToPath(new URL('./client.ts', import.meta.url)),
        });
      },
    },
  };
}

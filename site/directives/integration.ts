/** Registers the site's own client directives (site/directives/) with Astro. */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

export function clientDirectives(): AstroIntegration {
  return {
    name: 'northwire-client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'interaction',
          entrypoint: fileURLToPath(new URL('./interaction.ts', import.meta.url)),
        });
      },
    },
  };
}

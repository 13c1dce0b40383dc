// The site's own client directives, so `.astro` files type-check their use (Astro's documented augmentation).
export {};

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the reader's first interaction with the island (site/directives/interaction.ts). */
    'client:interaction'?: boolean | { address?: boolean; scroll?: boolean; visible?: boolean };
  }
}

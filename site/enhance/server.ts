/**
 * The enhancement renderer on the server: the island's markup is its children, rendered by Astro; nothing is drawn
 * here. While the island waits to wake, its children sit in an `<astro-slot>`, so Astro does not copy them into a
 * `<template>` as it does for slots a framework leaves unrendered.
 */
import type { NamedSSRLoadedRendererValue } from 'astro';
import { ENHANCE_RENDERER, isEnhancement } from './define.ts';

const renderer: NamedSSRLoadedRendererValue = {
  name: ENHANCE_RENDERER,
  check: (Component) => Promise.resolve(isEnhancement(Component)),
  renderToStaticMarkup: (_Component, _props, slots: Record<string, string | undefined>, metadata) => {
    const html = slots.default ?? '';
    return Promise.resolve({ html: metadata?.hydrate ? `<astro-slot>${html}</astro-slot>` : html });
  },
  supportsAstroStaticSlot: true,
};

export default renderer;

/**
 * The server entry of the compiled site (see adapter.ts): renders one route with the given locals.
 * Streaming is off so a page is one string, written to disk whole.
 */
import { createApp } from 'astro/app/entrypoint';

const app = createApp({ streaming: false });

/** Renders `pathname` (e.g. '/post/some-slug') as a request to `origin`, with `locals` as `Astro.locals`. */
export function renderRoute(origin: string, pathname: string, locals: App.Locals): Promise<Response> {
  return app.render(new Request(`${origin}${pathname}`), { locals });
}

/** Route patterns of the compiled site, for the renderer to enumerate pages without parameters. */
export function routePatterns(): { route: string; params: string[]; type: string }[] {
  return app.manifest.routes.map((r) => ({
    route: r.routeData.route,
    params: r.routeData.params,
    type: r.routeData.type,
  }));
}

/**
 * Fixes to Astro's own markup so every page validates (vnu): the island stylesheet Astro puts in <body>
 * moves to the site's stylesheet (styles/reader.css), and meta-refresh redirects get the spaced `0; url=` form the
 * HTML standard requires.
 * The renderer applies it to every page it writes.
 */

const ISLAND_STYLE = /<style>astro-island,astro-slot,astro-static-slot\{display:contents\}<\/style>/g;
const REFRESH = /(<meta http-equiv="refresh" content=")(\d+);url=/g;

/** The page with Astro's markup fixed; unchanged input comes back as is. */
export function fixHtml(html: string): string {
  return html.replace(ISLAND_STYLE, '').replace(REFRESH, '$1$2; url=');
}

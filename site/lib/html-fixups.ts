/**
 * Build-time fixes to Astro's own markup so every page validates (vnu): the island stylesheet Astro
 * puts in <body> moves to global.css, and its meta-refresh redirect pages get the spaced
 * `0; url=` form the HTML standard requires.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const ISLAND_STYLE = /<style>astro-island,astro-slot,astro-static-slot\{display:contents\}<\/style>/g;
const REFRESH = /(<meta http-equiv="refresh" content=")(\d+);url=/g;

/** The page with Astro's markup fixed; unchanged input comes back as is. */
export function fixHtml(html: string): string {
  return html.replace(ISLAND_STYLE, '').replace(REFRESH, '$1$2; url=');
}

async function* htmlFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(path);
    else if (entry.name.endsWith('.html')) yield path;
  }
}

/** Astro integration applying fixHtml to every built page. */
export function htmlFixups() {
  return {
    name: 'northwire-html-fixups',
    hooks: {
      'astro:build:done': async ({ dir }: { dir: URL }) => {
        for await (const file of htmlFiles(dir.pathname)) {
          const html = await readFile(file, 'utf8');
          const fixed = fixHtml(html);
          if (fixed !== html) await writeFile(file, fixed);
        }
      },
    },
  };
}

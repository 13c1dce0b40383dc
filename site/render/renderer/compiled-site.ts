/**
 * The compiled site: `server/entry.mjs` (site/render/entry.ts, built by the adapter) loaded once per renderer, and
 * its identity, a hash of the compiled files: a live folder rendered by other code needs a full render.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CATEGORY_ROUTES } from 'content-schema/categories';
import { listFiles } from '../outputs.ts';

/** What the compiled server entry exports (site/render/entry.ts). */
export interface CompiledSite {
  renderRoute(origin: string, pathname: string, locals: App.Locals): Promise<Response>;
  routePatterns(): { route: string; params: string[]; type: string }[];
}

/** Loads the compiled site of `distDir`; throws when it has not been built. */
export async function loadCompiledSite(distDir: string): Promise<CompiledSite> {
  const entry = join(distDir, 'server/entry.mjs');
  if (!existsSync(entry)) throw new Error(`The compiled site is missing (${entry}); run \`pnpm build:site\` first`);
  return (await import(pathToFileURL(entry).href)) as CompiledSite;
}

/** The identity of a compiled site: any change to its code or assets yields another. */
export function compiledVersion(distDir: string): string {
  const hash = createHash('sha256');
  for (const dir of ['server', 'client']) {
    for (const file of listFiles(join(distDir, dir)).sort()) {
      hash.update(file).update('\0');
      if (dir === 'server') hash.update(readFileSync(join(distDir, dir, file))).update('\0');
      else hash.update(String(statSync(join(distDir, dir, file)).size)).update('\0');
    }
  }
  return hash.digest('base64url').slice(0, 16);
}

/** Paths of the pages that do not depend on posts ('/about', '/contact', …): not home, not a category page. */
export function staticPathsOf(site: CompiledSite): string[] {
  return site
    .routePatterns()
    .filter((r) => r.type === 'page' && r.params.length === 0 && !r.route.startsWith('/_'))
    .map((r) => r.route)
    .filter((r) => r !== '/' && !CATEGORY_ROUTES.some((c) => r === `/${c.path}`));
}

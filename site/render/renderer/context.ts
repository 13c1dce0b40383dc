/**
 * What every part of the renderer works with: the compiled site, where the site folder lives, the source of
 * posts, and what is kept between renders (the index of published posts, the folder's state, the open search
 * index and the feeds' bodies). One object, opened once by `openRenderer`, passed to each step.
 */
import type { ArticleBody } from '../../lib/build/site-data.ts';
import { ogImages, type OgImages } from '../og-image.ts';
import { renderOgImage } from '../og-image-draw.ts';
import type { OgImageInput } from '../og-image-tree.ts';
import type { SearchIndexOptions } from '../search/folder.ts';
import type { SearchIndex } from '../search/index.ts';
import { SiteIndex } from '../site-index.ts';
import type { SiteSource } from '../source.ts';
import { compiledVersion, loadCompiledSite, staticPathsOf, type CompiledSite } from './compiled-site.ts';
import { readTreeState, writeTreeState, type TreeState } from './tree-state.ts';

export interface RendererOptions {
  /** The compiled site: `server/entry.mjs` and `client/` (public files and hashed assets). */
  distDir: string;
  /** Holds `current` (a link to the live tree), `trees/` and `state.json`. */
  siteRoot: string;
  siteUrl: string;
  source: SiteSource;
  /** Options of the search index (tests shorten how long retired bundles are kept). */
  search?: SearchIndexOptions;
  /** Draws an article's share image (tests count the drawings); default: og-image-draw.ts. */
  drawImage?: (input: OgImageInput) => Promise<Uint8Array>;
  /** Called at safe points of long work so urgent work can run (see jobs.ts). */
  checkpoint?: () => Promise<void>;
}

export interface RendererContext {
  readonly site: CompiledSite;
  /** The compiled site's identity (compiledVersion). */
  readonly version: string;
  readonly distDir: string;
  readonly siteRoot: string;
  readonly siteUrl: string;
  readonly source: SiteSource;
  /** The routes that do not depend on posts, for the sitemap. */
  readonly staticPaths: readonly string[];
  readonly images: OgImages;
  readonly checkpoint: () => Promise<void>;
  readonly searchOptions: SearchIndexOptions | undefined;
  /** The published posts; loaded on first need, replaced by each full render. */
  index: SiteIndex | null;
  /** The change record id `index` reflects. */
  indexCursor: number;
  /** What the live folder reflects (state.json); null before the first full render. */
  state: TreeState | null;
  /** The search index of the live folder, opened once per folder. */
  search: { dir: string; index: Promise<SearchIndex> } | null;
  /**
   * Bodies (HTML and corrections) of the newest posts of the feeds, which carry full content: kept between
   * renders and dropped for every post a change names, so a publish fetches only what changed.
   */
  readonly feedBodies: Map<number, { updatedAt: string; body: ArticleBody }>;
}

/** Loads the compiled site and reads the folder's state. */
export async function openContext(opts: RendererOptions): Promise<RendererContext> {
  const site = await loadCompiledSite(opts.distDir);
  const state = readTreeState(opts.siteRoot);
  return {
    site,
    version: compiledVersion(opts.distDir),
    distDir: opts.distDir,
    siteRoot: opts.siteRoot,
    siteUrl: opts.siteUrl,
    source: opts.source,
    staticPaths: staticPathsOf(site),
    images: ogImages({
      render: opts.drawImage ?? ((input) => renderOgImage(input, (file) => opts.source.mediaFile(file))),
    }),
    checkpoint: opts.checkpoint ?? (async () => {}),
    searchOptions: opts.search,
    index: null,
    indexCursor: state?.cursor ?? 0,
    state,
    search: null,
    feedBodies: new Map(),
  };
}

/** Records what the live folder now reflects, in memory and in state.json. */
export function saveState(ctx: RendererContext, next: TreeState): void {
  ctx.state = next;
  writeTreeState(ctx.siteRoot, next);
}

/** Every published post's summary, the redirects and the corrections log, from the source. */
export async function loadIndex(source: SiteSource): Promise<SiteIndex> {
  const next = new SiteIndex();
  for await (const page of source.summaries()) for (const p of page) next.put(p);
  next.setRedirects(await source.redirects());
  next.setCorrections(await source.corrections());
  return next;
}

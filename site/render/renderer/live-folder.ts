/**
 * The live folder readers are served from: `siteRoot/current`, a symlink into `siteRoot/trees/`. A publish writes
 * into it file by file; a full render fills a new tree and swaps the link (a rename, atomic). See
 * docs/decisions/002-warm-renderer.md.
 */
import { cpSync, linkSync, mkdirSync, readdirSync, readlinkSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { RendererContext } from './context.ts';

/** The live folder, or null before the first full render. */
export function liveDir(ctx: RendererContext): string | null {
  try {
    return resolve(ctx.siteRoot, readlinkSync(join(ctx.siteRoot, 'current')));
  } catch {
    return null;
  }
}

/** True when the live folder is missing or was rendered by other code: only a full render can fix that. */
export function needsFull(ctx: RendererContext): boolean {
  return !liveDir(ctx) || !ctx.state || ctx.state.version !== ctx.version;
}

/** A new, not yet live tree holding the compiled site's public files and assets. */
export function newTree(ctx: RendererContext): { name: string; dir: string } {
  const trees = join(ctx.siteRoot, 'trees');
  mkdirSync(trees, { recursive: true });
  const name = `${Date.now().toString(36)}-${process.pid}`;
  const dir = join(trees, name);
  rmSync(dir, { recursive: true, force: true });
  cpSync(join(ctx.distDir, 'client'), dir, { recursive: true });
  return { name, dir };
}

/** A copy of a folder whose files are hard links to the original's (fast, and no extra space). */
export function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.name.endsWith('.tmp') || entry.name.startsWith('.tmp')) continue;
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else linkSync(source, target);
  }
}

/** Makes the tree `name` the live folder: a new link renamed over `current`. */
export function swapIn(ctx: RendererContext, name: string): void {
  const tmpLink = join(ctx.siteRoot, `current.${name}.tmp`);
  symlinkSync(join('trees', name), tmpLink);
  renameSync(tmpLink, join(ctx.siteRoot, 'current'));
}

/** Removes every tree but the given ones (the new live one, and the previous one for readers mid-download). */
export function removeTreesBut(ctx: RendererContext, keep: (string | null)[]): void {
  const trees = join(ctx.siteRoot, 'trees');
  for (const tree of readdirSync(trees)) {
    const full = join(trees, tree);
    if (!keep.includes(full)) rmSync(full, { recursive: true, force: true });
  }
}

import { mkdirSync, readlinkSync, realpathSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import type { Env } from '../../env.ts';

/** How an instance builds the public site: its own warm renderer, a CDN's build hook, or not at all. */
export type BuildTarget = 'embedded' | 'hook' | 'off';

/** The target the environment asks for: a build hook wins over the embedded builder. */
export function buildTarget(env: Pick<Env, 'BUILD_HOOK_URL' | 'EMBEDDED_BUILDER'>): BuildTarget {
  return env.BUILD_HOOK_URL ? 'hook' : env.EMBEDDED_BUILDER === 'on' ? 'embedded' : 'off';
}

/**
 * The name of the queue an instance builds (the `target` of its rows in site_builds and site_targets), or null
 * with the builder off. An embedded target is one folder on one machine: instances sharing it share its queue.
 */
export function queueName(target: BuildTarget, siteRoot: string): string | null {
  if (target === 'off') return null;
  if (target === 'hook') return 'hook';
  mkdirSync(siteRoot, { recursive: true });
  return `embedded:${hostname()}:${realpathSync(siteRoot)}`;
}

/**
 * The live site folder this instance serves, or null before the first full render: its own renderer's, or, with
 * the builder off, the one another instance sharing this DATA_DIR renders (none with a hook: the site is served
 * elsewhere, e.g. a CDN fed by the hook).
 */
export function liveDir(target: BuildTarget, siteRoot: string): string | null {
  if (target === 'hook') return null;
  try {
    return resolve(siteRoot, readlinkSync(join(siteRoot, 'current')));
  } catch {
    return null;
  }
}

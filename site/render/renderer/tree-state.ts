/** state.json, kept beside the live folder, so a restart knows what the folder reflects. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeAtomic } from '../outputs.ts';

export interface TreeState {
  version: string;
  cursor: number;
  /** Articles waiting for a background refresh: of their related block, or to draw their missing share image. */
  dirty: number[];
  /** Categories whose related blocks name a post gone from its URL: their blocks are redrawn first (related-spread.ts). */
  spread: string[];
  /** Whether the folder's search index holds every post (false until a first index after a full render). */
  searchReady: boolean;
}

/** The state saved under `siteRoot`, or null when there is none (or it is not one). */
export function readTreeState(siteRoot: string): TreeState | null {
  try {
    const s = JSON.parse(readFileSync(join(siteRoot, 'state.json'), 'utf8')) as TreeState;
    return typeof s.cursor === 'number' && typeof s.version === 'string' && Array.isArray(s.dirty)
      ? { ...s, spread: Array.isArray(s.spread) ? s.spread : [], searchReady: s.searchReady === true }
      : null;
  } catch {
    return null;
  }
}

export function writeTreeState(siteRoot: string, state: TreeState): void {
  writeAtomic(siteRoot, 'state.json', JSON.stringify(state));
}

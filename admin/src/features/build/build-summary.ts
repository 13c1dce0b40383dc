import type { Build, BuildStatus } from 'content-schema/build';
import { relativeTime } from 'content-schema/relative-time';
import { isBuilding } from './api/get-build-status.ts';
import { formatElapsed } from '../../lib/elapsed.ts';

/** How the public site stands, as the header's one line says it; `tone` picks the icon, never the only signal. */
export interface SiteLine {
  tone: 'building' | 'failed' | 'warning' | 'live' | 'none';
  text: string;
  /** The failed build's full error, for the "Show error" disclosure. */
  error?: string | null;
}

export const BUILD_STATE_LABEL: Record<Build['state'], string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

export const BUILD_KIND_LABEL: Record<Build['kind'], string> = {
  changes: 'Changes',
  full: 'Full render',
};

/** "Live site updated 3m ago" from `liveSince`; null before the first successful build. */
export function liveSinceText(liveSince: string | null, now: Date): string | null {
  if (!liveSince) return null;
  const ago = relativeTime(liveSince, now);
  if (!ago) return null;
  return `Live site updated ${ago === 'Just now' ? 'just now' : ago}`;
}

/** The header's line: building, the last build failed (the previous version stays live), or how old the site is. */
export function siteLine(status: BuildStatus, now: Date): SiteLine {
  if (isBuilding(status)) return { tone: 'building', text: 'Updating the public site...' };
  if (status.last?.state === 'failed') {
    return {
      tone: 'failed',
      text: status.lastSuccess
        ? 'Last site build failed; the previous version stays live.'
        : 'The first site build failed; the public site is not live yet.',
      error: status.last.error,
    };
  }
  const age = liveSinceText(status.liveSince, now);
  if (!age) return { tone: 'none', text: 'The public site has not been built yet.' };
  const failedPosts = status.last?.postErrors.length ?? 0;
  if (failedPosts > 0) {
    return { tone: 'warning', text: `${postCount(failedPosts)} could not be published · ${age}` };
  }
  if (status.builtThrough < status.latestChange)
    return { tone: 'warning', text: `Some changes are not live yet · ${age}` };
  return { tone: 'live', text: `Public site up to date · ${age}` };
}

/** The facts of one build in reading order: kind, time taken, time to live, files, posts left out. */
export function buildFacts(build: Build): string[] {
  const facts = [BUILD_KIND_LABEL[build.kind]];
  if (build.durationMs !== null) facts.push(`took ${formatElapsed(build.durationMs)}`);
  if (build.liveMs !== null) facts.push(`Live in ${formatElapsed(build.liveMs)}`);
  if (build.state === 'succeeded') {
    facts.push(`${build.written} ${build.written === 1 ? 'file' : 'files'} written, ${build.removed} removed`);
  }
  if (build.postErrors.length > 0) facts.push(`${postCount(build.postErrors.length)} not published`);
  return facts;
}

/** The builds queued or running, of the recent ones. */
export function buildsUnderWay(recent: Build[]): Build[] {
  return recent.filter((b) => b.state === 'queued' || b.state === 'running');
}

/** The moment a build is known by: when it finished, else started, else was requested. */
export function buildMoment(build: Build): { verb: 'finished' | 'started' | 'requested'; iso: string } {
  if (build.finishedAt) return { verb: 'finished', iso: build.finishedAt };
  if (build.startedAt) return { verb: 'started', iso: build.startedAt };
  return { verb: 'requested', iso: build.requestedAt };
}

/** The lead of the list of posts a build could not publish. */
export function leftOutText(count: number): string {
  const which = count === 1 ? 'A post' : `${count} posts`;
  return `${which} could not be published; the rest of the site went live without ${count === 1 ? 'it' : 'them'}:`;
}

function postCount(n: number): string {
  return n === 1 ? '1 post' : `${n} posts`;
}

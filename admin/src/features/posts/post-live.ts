import type { PostLive } from 'content-schema/build';
import { formatElapsed } from '../../lib/elapsed.ts';

/** What a published post's card says about its latest change reaching the site; `tone` picks the icon. */
export interface PostLiveLine {
  tone: 'live' | 'pending' | 'failed';
  text: string;
}

/**
 * "Live in 0.4 s" once the builder confirmed the change on the site, "Could not be published: <reason>" when the
 * renderer refused the post, "Not live yet" while the change is ahead of the live site. A change the site already
 * reflects but whose arrival nobody timed (a full render built it) is "Live" without a time. Null without a change
 * record (nothing to say) or for a post that is not published.
 */
export function postLiveLine(live: PostLive | undefined, builtThrough: number | null): PostLiveLine | null {
  if (!live || live.kind === 'unpublished' || live.kind === 'deleted') return null;
  if (live.error) return { tone: 'failed', text: `Could not be published: ${live.error}` };
  if (live.liveMs !== null) return { tone: 'live', text: `Live in ${formatElapsed(live.liveMs)}` };
  if (builtThrough !== null && live.changeId <= builtThrough) return { tone: 'live', text: 'Live' };
  return { tone: 'pending', text: 'Not live yet' };
}

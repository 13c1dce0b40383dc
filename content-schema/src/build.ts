import { z } from 'zod';

export const BUILD_STATES = ['queued', 'running', 'succeeded', 'failed'] as const;

/**
 * What a change record says happened to a post, as readers see it. 'corrected': a correction of a published
 * post was recorded, changed or withdrawn (the post row itself is unchanged).
 */
export const CHANGE_KINDS = ['published', 'updated', 'unpublished', 'deleted', 'corrected'] as const;

/** A post a build could not render; the rest of the build went live without it. */
export const BuildPostErrorSchema = z.object({
  postId: z.number().int(),
  title: z.string(),
  slug: z.string().nullable(),
  reason: z.string(),
});
export type BuildPostError = z.infer<typeof BuildPostErrorSchema>;

/** One site build as GET /api/build/status reports it. */
export const BuildSchema = z.object({
  id: z.number().int(),
  state: z.enum(BUILD_STATES),
  /** 'changes' renders what a range of change records affects; 'full' renders every page. */
  kind: z.enum(['changes', 'full']),
  target: z.string(),
  reason: z.string(),
  requestedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().nullable(),
  /** Longest time from an editor's action in this build to the change answering on the site. */
  liveMs: z.number().nullable(),
  written: z.number().int(),
  removed: z.number().int(),
  error: z.string().nullable(),
  postErrors: z.array(BuildPostErrorSchema),
});
export type Build = z.infer<typeof BuildSchema>;

export const BuildStatusSchema = z.object({
  current: BuildSchema.nullable(),
  last: BuildSchema.nullable(),
  lastSuccess: BuildSchema.nullable(),
  pending: z.boolean(),
  /** Recent builds, newest first. */
  recent: z.array(BuildSchema),
  /** The newest change readers can see, and the newest one the live site reflects (change record ids). */
  latestChange: z.number().int(),
  builtThrough: z.number().int(),
  /** When the live site last changed (the last successful build's end); null before the first. */
  liveSince: z.string().nullable(),
  /**
   * Work the embedded renderer does after a publish has gone live: articles whose "Related Research" block or
   * share image (after a full render) waits for a refresh, and posts waiting to be re-indexed for search. Null
   * without an embedded renderer.
   */
  background: z.object({ articles: z.number().int(), search: z.number().int() }).nullable(),
});
export type BuildStatus = z.infer<typeof BuildStatusSchema>;

/** How the latest public change of a post went live, for the editor ("Live in 0.4 s"). */
export const PostLiveSchema = z.object({
  postId: z.number().int(),
  changeId: z.number().int(),
  kind: z.enum(CHANGE_KINDS),
  at: z.string(),
  liveAt: z.string().nullable(),
  liveMs: z.number().nullable(),
  error: z.string().nullable(),
});
export type PostLive = z.infer<typeof PostLiveSchema>;

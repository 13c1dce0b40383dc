/**
 * What the API's builder and the site's warm renderer say to each other: across the worker boundary
 * (site/render/worker.ts) change records in, results and status out; to a remote build (site/render/cli.ts)
 * the build hook's payload.
 */
import { z } from 'zod';
import { BuildPostErrorSchema, CHANGE_KINDS } from './build.ts';

/** One change record as the renderer needs it. */
export const RenderChangeSchema = z.object({
  id: z.number().int(),
  /** A 'corrected' change affects only the article, /corrections, the feeds and the sitemaps. */
  kind: z.enum(CHANGE_KINDS),
  postId: z.number().int(),
  title: z.string(),
  oldSlug: z.string().nullable(),
  newSlug: z.string().nullable(),
  oldCategory: z.string().nullable(),
  newCategory: z.string().nullable(),
});
export type RenderChange = z.infer<typeof RenderChangeSchema>;

export const RenderResultSchema = z.object({
  written: z.number().int(),
  removed: z.number().int(),
  /** Posts left out of this render, each with the reason; the rest went live. */
  postErrors: z.array(BuildPostErrorSchema),
  /** The change record id the site now reflects. */
  cursor: z.number().int(),
  /** Per changed post: the path that should answer and the revision it should show, or that it is gone. */
  live: z.array(
    z.object({ postId: z.number().int(), path: z.string(), present: z.boolean(), updatedAt: z.string().optional() }),
  ),
  durationMs: z.number(),
});
export type RenderResult = z.infer<typeof RenderResultSchema>;

export const RendererStatusSchema = z.object({
  /** Identity of the compiled site the renderer loaded. */
  version: z.string(),
  /** True when the live folder is missing or was rendered by other code: only a full render will do. */
  needsFull: z.boolean(),
  /** The change record id the live folder reflects. */
  cursor: z.number().int(),
  liveDir: z.string().nullable(),
  /** Articles waiting for their "Related Research" block to be refreshed. */
  pendingBackground: z.number().int(),
  /** Posts waiting to be re-indexed for search (1 while the whole index is being built). */
  searchPending: z.number().int(),
});
export type RendererStatus = z.infer<typeof RendererStatusSchema>;

/** Body the build hook receives (POST BUILD_HOOK_URL): the change records since the last hook call. */
export const BuildHookPayloadSchema = z.object({
  buildId: z.number().int(),
  kind: z.enum(['changes', 'full']),
  fromChange: z.number().int(),
  toChange: z.number().int(),
  changes: z.array(RenderChangeSchema),
});
export type BuildHookPayload = z.infer<typeof BuildHookPayloadSchema>;

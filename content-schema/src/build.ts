import { z } from 'zod';

export const BUILD_STATES = ['queued', 'running', 'succeeded', 'failed'] as const;

/** One site build as GET /api/build/status reports it. */
export const BuildSchema = z.object({
  id: z.number().int(),
  state: z.enum(BUILD_STATES),
  target: z.enum(['embedded', 'hook']),
  reason: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().nullable(),
  error: z.string().nullable(),
});
export type Build = z.infer<typeof BuildSchema>;

export const BuildStatusSchema = z.object({
  current: BuildSchema.nullable(),
  last: BuildSchema.nullable(),
  lastSuccess: BuildSchema.nullable(),
  pending: z.boolean(),
});
export type BuildStatus = z.infer<typeof BuildStatusSchema>;

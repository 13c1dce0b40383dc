import { z } from 'zod';
import { idField } from './ids.ts';

export const SCHEDULE_STATUSES = ['scheduled', 'published', 'canceled', 'failed'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/** A row of GET /api/scheduled-posts. `publishDate` is the UTC instant; `timezone` is the zone it was chosen in. */
export const ScheduledPostSchema = z.object({
  id: z.number().int(),
  postId: z.number().int(),
  postTitle: z.string(),
  publishDate: z.string(),
  timezone: z.string(),
  status: z.enum(SCHEDULE_STATUSES),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type ScheduledPost = z.infer<typeof ScheduledPostSchema>;

/**
 * Body of POST /api/schedule-post. `publishDateTime` with an offset (`Z`, `+02:00`) is that instant;
 * without one it is a wall-clock time in `timezone`.
 */
export const SchedulePayloadSchema = z.object({
  postId: idField('postId must be a number'),
  publishDateTime: z
    .string({ error: 'Please select a publication date.' })
    // The longest ISO form the pattern allows is 35 characters; the rest is room for surrounding space.
    .max(64, 'publishDateTime must be an ISO date and time, e.g. 2026-12-01T09:00')
    .trim()
    .regex(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?$/,
      'publishDateTime must be an ISO date and time, e.g. 2026-12-01T09:00',
    ),
  // IANA zone names are at most about 30 characters; the scheduler refuses a zone it does not know.
  timezone: z
    .string({ error: 'timezone must be a time zone name' })
    .trim()
    .min(1, 'timezone must be a time zone name')
    .max(64, 'timezone must be at most 64 characters')
    .default('Europe/Stockholm'),
});
export type SchedulePayload = z.infer<typeof SchedulePayloadSchema>;

/** The scheduler form. */
export const ScheduleFormSchema = z.object({
  postId: z.number({ error: 'Choose a draft post' }).int().positive('Choose a draft post'),
  publishDate: z.date({ error: 'Please select a publication date.' }),
  publishTime: z.string().regex(/^\d{2}:\d{2}$/, 'Enter a time as HH:MM'),
  timezone: z.string().optional(),
});
export type ScheduleForm = z.infer<typeof ScheduleFormSchema>;

/** Answer of GET /api/posts?published=false as the scheduler uses it. */
export const DraftPostSchema = z.object({ id: z.number().int(), title: z.string() });
export type DraftPost = z.infer<typeof DraftPostSchema>;

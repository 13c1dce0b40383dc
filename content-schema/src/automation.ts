import { z } from 'zod';

/** Answer of GET /api/automation/status. */
export const AutomationStatusSchema = z.object({
  lastRun: z.string().nullable(),
  dailyTopicsRemaining: z.number().int().nullable(),
  deepDiveTopicsRemaining: z.number().int().nullable(),
  paused: z.boolean(),
  nextRun: z.string().nullable(),
});
export type AutomationStatus = z.infer<typeof AutomationStatusSchema>;

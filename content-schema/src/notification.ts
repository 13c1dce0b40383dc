import { z } from 'zod';

export const NotificationSchema = z.object({
  id: z.number().int(),
  type: z.enum(['success', 'info', 'warning', 'error']),
  title: z.string(),
  message: z.string(),
  timestamp: z.string(),
  read: z.boolean(),
  actionUrl: z.string().nullable(),
  actionText: z.string().nullable(),
  /** A grouped routine event (e.g. "Workflow Completed"): how many happened since it was last read; else 1. */
  count: z.number().int().min(1),
});
export type Notification = z.infer<typeof NotificationSchema>;

import { z } from 'zod';

export const WORKFLOW_TRIGGERS = ['manual', 'schedule', 'event'] as const;
export const WORKFLOW_ACTION_TYPES = ['publish', 'notify', 'backup', 'seo_check', 'social_share'] as const;
export const WORKFLOW_STATUSES = ['idle', 'running', 'completed', 'failed'] as const;
export const WORKFLOW_FREQUENCIES = ['hourly', 'daily', 'weekly', 'monthly'] as const;
export const WORKFLOW_EVENTS = ['post_published', 'post_unpublished', 'build_failed'] as const;

export const WorkflowActionSchema = z.object({
  type: z.enum(WORKFLOW_ACTION_TYPES),
  config: z
    .object({
      platforms: z.array(z.string()).optional(),
      recipients: z.array(z.string()).optional(),
      destination: z.string().optional(),
      condition: z.string().optional(),
    })
    .optional(),
});
export type WorkflowAction = z.infer<typeof WorkflowActionSchema>;

export const ScheduleConfigSchema = z.object({
  frequency: z.enum(WORKFLOW_FREQUENCIES),
  time: z.string().regex(/^\d{2}:\d{2}$/, 'Enter a time as HH:MM').optional(),
  days: z.array(z.number().int().min(0).max(31)).optional(),
});
export type ScheduleConfig = z.infer<typeof ScheduleConfigSchema>;

export const WorkflowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  trigger: z.enum(WORKFLOW_TRIGGERS),
  event: z.enum(WORKFLOW_EVENTS).nullable(),
  actions: z.array(WorkflowActionSchema),
  enabled: z.boolean(),
  scheduleConfig: ScheduleConfigSchema.nullable(),
  status: z.enum(WORKFLOW_STATUSES),
  executionCount: z.number().int(),
  lastRun: z.string().nullable(),
  nextRun: z.string().nullable(),
});
export type Workflow = z.infer<typeof WorkflowSchema>;

/** The workflow form (spec §5). */
export const WorkflowFormSchema = z.object({
  name: z.string().trim().min(1, 'Workflow name is required').max(100),
  trigger: z.enum(WORKFLOW_TRIGGERS),
  event: z.enum(WORKFLOW_EVENTS).nullish(),
  actions: z.array(WorkflowActionSchema),
  enabled: z.boolean(),
  scheduleConfig: ScheduleConfigSchema.nullish(),
});
export type WorkflowForm = z.infer<typeof WorkflowFormSchema>;

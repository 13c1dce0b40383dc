import { z } from 'zod';
import { idField } from './ids.ts';

export const WORKFLOW_TRIGGERS = ['manual', 'schedule', 'event'] as const;
export const WORKFLOW_ACTION_TYPES = ['publish', 'notify', 'backup', 'seo_check', 'social_share'] as const;
export const WORKFLOW_STATUSES = ['idle', 'running', 'completed', 'failed'] as const;
export const WORKFLOW_FREQUENCIES = ['hourly', 'daily', 'weekly', 'monthly'] as const;
export const WORKFLOW_EVENTS = ['post_published', 'post_unpublished', 'build_failed'] as const;
export const WORKFLOW_RUN_STATUSES = ['running', 'completed', 'failed'] as const;
export const RUN_STEP_STATUSES = ['done', 'skipped', 'failed', 'not_run'] as const;

export const WorkflowActionSchema = z.object({
  type: z.enum(WORKFLOW_ACTION_TYPES),
  // Generous bounds on settings typed by hand: a few platforms, a mailing list's worth of recipients, a path.
  config: z
    .object({
      platforms: z
        .array(z.string().max(50, 'A platform must be at most 50 characters'))
        .max(10, 'At most 10 platforms')
        .optional(),
      recipients: z
        .array(z.string().max(254, 'A recipient must be at most 254 characters'))
        .max(50, 'At most 50 recipients')
        .optional(),
      destination: z.string().max(500, 'Destination must be at most 500 characters').optional(),
      condition: z.string().max(200, 'Condition must be at most 200 characters').optional(),
    })
    .optional(),
});
export type WorkflowAction = z.infer<typeof WorkflowActionSchema>;

export const ScheduleConfigSchema = z.object({
  frequency: z.enum(WORKFLOW_FREQUENCIES),
  time: z
    .string()
    .max(5, 'Enter a time as HH:MM')
    .regex(/^\d{2}:\d{2}$/, 'Enter a time as HH:MM')
    .optional(),
  // Weekdays 0–6 or days of the month 1–31: never more than 31 distinct values.
  days: z.array(z.number().int().min(0).max(31)).max(31, 'At most 31 days').optional(),
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

/** Answer of POST /api/workflows/execute: the workflow, now running, and the run it started. */
export const WorkflowExecutionSchema = WorkflowSchema.extend({ runId: z.number().int() });
export type WorkflowExecution = z.infer<typeof WorkflowExecutionSchema>;

/** The workflow form. */
export const WorkflowFormSchema = z.object({
  name: z.string().trim().min(1, 'Workflow name is required').max(100, 'Workflow name must be at most 100 characters'),
  trigger: z.enum(WORKFLOW_TRIGGERS),
  event: z.enum(WORKFLOW_EVENTS).nullish(),
  // Five action types; a few repeats (notify two lists, share twice) fit well within 20.
  actions: z.array(WorkflowActionSchema).max(20, 'At most 20 actions'),
  enabled: z.boolean(),
  scheduleConfig: ScheduleConfigSchema.nullish(),
});
export type WorkflowForm = z.infer<typeof WorkflowFormSchema>;

/** Body of POST /api/workflows/execute. */
export const WorkflowExecuteSchema = z.object({ workflowId: idField('workflowId must be a number') });

/** Body of PUT /api/workflows/{id}/toggle. */
export const WorkflowToggleSchema = z.object({ enabled: z.boolean({ error: 'enabled must be true or false' }) });

/** One action's outcome in a run. */
export const RunStepSchema = z.object({
  type: z.enum(WORKFLOW_ACTION_TYPES),
  status: z.enum(RUN_STEP_STATUSES),
  durationMs: z.number(),
  message: z.string(),
  error: z.string().optional(),
});
export type RunStep = z.infer<typeof RunStepSchema>;

/** What started a run and what it was about. */
export const RunContextSchema = z.object({
  trigger: z.enum(WORKFLOW_TRIGGERS),
  event: z.string().optional(),
  post: z.object({ id: z.number().int(), slug: z.string(), title: z.string() }).optional(),
  /** For scheduled runs: the occurrence (ISO instant). */
  occurrence: z.string().optional(),
});
export type RunContext = z.infer<typeof RunContextSchema>;

/** One run of a workflow, as GET /api/workflows/{id}/runs answers it (newest first). */
export const WorkflowRunSchema = z.object({
  id: z.number().int(),
  workflowId: z.number().int(),
  trigger: z.enum(WORKFLOW_TRIGGERS),
  context: RunContextSchema,
  status: z.enum(WORKFLOW_RUN_STATUSES),
  steps: z.array(RunStepSchema),
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().nullable(),
});
export type WorkflowRun = z.infer<typeof WorkflowRunSchema>;

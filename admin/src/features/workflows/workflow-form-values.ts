import { z } from 'zod';
import {
  WORKFLOW_ACTION_TYPES,
  WORKFLOW_EVENTS,
  WORKFLOW_FREQUENCIES,
  WORKFLOW_TRIGGERS,
  WorkflowFormSchema,
  type Workflow,
  type WorkflowAction,
  type WorkflowForm,
} from 'content-schema/workflow';

/** One action row of the form; list-valued settings are typed as comma-separated text. */
export const ActionValuesSchema = z.object({
  type: z.enum(WORKFLOW_ACTION_TYPES),
  condition: z.string(),
  recipients: z.string(),
  platforms: z.string(),
  destination: z.string(),
});
export type ActionValues = z.infer<typeof ActionValuesSchema>;

/** What the form edits: the shared workflow form, with text inputs for lists. */
export const WorkflowValuesSchema = z.object({
  name: WorkflowFormSchema.shape.name,
  trigger: z.enum(WORKFLOW_TRIGGERS),
  event: z.enum(WORKFLOW_EVENTS),
  frequency: z.enum(WORKFLOW_FREQUENCIES),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:MM'),
  weekdays: z.array(z.number().int().min(0).max(6)),
  monthDays: z.string().regex(/^\s*(\d{1,2}\s*(,\s*\d{1,2}\s*)*)?$/, 'Enter days of the month like 1, 15'),
  actions: z.array(ActionValuesSchema),
  enabled: z.boolean(),
});
export type WorkflowValues = z.infer<typeof WorkflowValuesSchema>;

export const ACTION_LABELS: Record<WorkflowAction['type'], string> = {
  publish: 'Publish drafts',
  notify: 'Notify',
  backup: 'Back up the database',
  seo_check: 'SEO check',
  social_share: 'Share on social',
};
export const EVENT_LABELS: Record<(typeof WORKFLOW_EVENTS)[number], string> = {
  post_published: 'A post is published',
  post_unpublished: 'A post is unpublished',
  build_failed: 'A site build fails',
};
export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

const emptyAction = (type: WorkflowAction['type'] = 'publish'): ActionValues => ({
  type,
  condition: '',
  recipients: '',
  platforms: '',
  destination: '',
});
export const newActionValues = emptyAction;

/** A new workflow: triggered by hand, one publish action, enabled. */
export const DEFAULT_VALUES: WorkflowValues = {
  name: '',
  trigger: 'manual',
  event: 'post_published',
  frequency: 'daily',
  time: '09:00',
  weekdays: [1],
  monthDays: '1',
  actions: [emptyAction('publish')],
  enabled: true,
};

const splitList = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The time field's label: an hourly schedule uses only the minute. */
export function timeLabel(frequency: WorkflowValues['frequency']): string {
  return frequency === 'hourly' ? 'Minute (HH:MM, hours ignored)' : 'Time';
}

/** The weekly schedule's days with one day ticked (added at the end) or unticked. */
export function toggleDay(days: number[], day: number, on: boolean): number[] {
  return on ? [...days, day] : days.filter((d) => d !== day);
}

/** What an action without settings does, said under it in the form. */
export function actionNote(type: 'backup' | 'seo_check'): string {
  return type === 'backup'
    ? 'Writes a consistent snapshot of the database to the backup folder.'
    : 'Analyses every published article; notifies about scores under 60.';
}

/** The form's values for an existing workflow. */
export function valuesFromWorkflow(w: Workflow): WorkflowValues {
  const days = w.scheduleConfig?.days ?? [];
  return {
    name: w.name,
    trigger: w.trigger,
    event: w.event ?? 'post_published',
    frequency: w.scheduleConfig?.frequency ?? 'daily',
    time: w.scheduleConfig?.time ?? '09:00',
    weekdays: w.scheduleConfig?.frequency === 'weekly' ? days : [1],
    monthDays: w.scheduleConfig?.frequency === 'monthly' ? days.join(', ') : '1',
    actions: w.actions.map((a) => ({
      type: a.type,
      condition: a.config?.condition ?? '',
      recipients: (a.config?.recipients ?? []).join(', '),
      platforms: (a.config?.platforms ?? []).join(', '),
      destination: a.config?.destination ?? '',
    })),
    enabled: w.enabled,
  };
}

/** The API body for the form's values: only the settings the chosen trigger and action types use. */
export function toWorkflowForm(v: WorkflowValues): WorkflowForm {
  const actions: WorkflowAction[] = v.actions.map((a) => {
    const config: NonNullable<WorkflowAction['config']> = {};
    if (a.type === 'publish' && a.condition.trim()) config.condition = a.condition.trim();
    if (a.type === 'notify' && splitList(a.recipients).length) config.recipients = splitList(a.recipients);
    if (a.type === 'social_share' && splitList(a.platforms).length) config.platforms = splitList(a.platforms);
    if (a.type === 'backup' && a.destination.trim()) config.destination = a.destination.trim();
    return Object.keys(config).length ? { type: a.type, config } : { type: a.type };
  });
  const days =
    v.frequency === 'weekly'
      ? [...v.weekdays].sort((x, y) => x - y)
      : v.frequency === 'monthly'
        ? splitList(v.monthDays).map(Number)
        : undefined;
  return {
    name: v.name.trim(),
    trigger: v.trigger,
    event: v.trigger === 'event' ? v.event : null,
    actions,
    enabled: v.enabled,
    scheduleConfig:
      v.trigger === 'schedule' ? { frequency: v.frequency, time: v.time, ...(days?.length ? { days } : {}) } : null,
  };
}

/** How a workflow's trigger reads in the list. */
export function describeTrigger(w: Workflow): string {
  if (w.trigger === 'event') return w.event ? `When ${EVENT_LABELS[w.event].toLowerCase()}` : 'On an event';
  if (w.trigger === 'schedule' && w.scheduleConfig) {
    const { frequency, time = '09:00', days = [] } = w.scheduleConfig;
    if (frequency === 'hourly') return `Hourly at minute ${time.slice(3)}`;
    if (frequency === 'daily') return `Daily at ${time}`;
    if (frequency === 'weekly')
      return `Weekly on ${(days.length ? days : [1]).map((d) => WEEKDAYS[d]).join(', ')} at ${time}`;
    return `Monthly on day ${(days.length ? days : [1]).join(', ')} at ${time}`;
  }
  return 'Manual';
}

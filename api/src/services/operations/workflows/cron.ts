import { Cron } from 'croner';
import type { ScheduleConfig } from 'content-schema/workflow';
import { AUTOMATION_TIMEZONE } from 'content-schema/site';
import type { WorkflowRow } from './rows.ts';

/** Schedules are read in the publication's zone. */
export const WORKFLOW_TIMEZONE = AUTOMATION_TIMEZONE;

/**
 * The cron pattern of a schedule: minute and hour from `time` (default 09:00); hourly runs at that minute;
 * weekly on `days` as weekdays (0 = Sunday, default Monday); monthly on `days` as days of the month (default the 1st).
 */
export function cronPattern(config: ScheduleConfig): string {
  const [hour, minute] = (config.time ?? '09:00').split(':').map(Number) as [number, number];
  const days = [...new Set(config.days ?? [])].sort((a, b) => a - b);
  switch (config.frequency) {
    case 'hourly':
      return `${minute} * * * *`;
    case 'daily':
      return `${minute} ${hour} * * *`;
    case 'weekly':
      return `${minute} ${hour} * * ${(days.length ? days : [1]).join(',')}`;
    case 'monthly':
      return `${minute} ${hour} ${(days.length ? days : [1]).join(',')} * *`;
  }
}

/** The first occurrence of a schedule strictly after `from`, in the publication's zone (DST-aware). */
export function nextOccurrence(config: ScheduleConfig, from: Date): Date | null {
  return new Cron(cronPattern(config), { timezone: WORKFLOW_TIMEZONE }).nextRun(from);
}

/** When a workflow runs next: only an enabled schedule has a next run. */
export function nextRunFor(
  trigger: WorkflowRow['trigger'],
  enabled: boolean,
  config: ScheduleConfig | null,
  now: Date,
): Date | null {
  return trigger === 'schedule' && enabled && config ? nextOccurrence(config, now) : null;
}

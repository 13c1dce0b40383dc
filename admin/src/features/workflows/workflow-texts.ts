import { formatZonedDateTime } from 'content-schema/format';
import { AUTOMATION_TIMEZONE } from 'content-schema/site';
import type { Workflow } from 'content-schema/workflow';
import { ACTION_LABELS } from './workflow-form-values.ts';

/** A run time in the publication's zone (where schedules are set), or what to say when there is none. */
export function runTime(iso: string | null, none: string): string {
  return iso ? `${formatZonedDateTime(iso, AUTOMATION_TIMEZONE)} (Stockholm)` : none;
}

/** When the workflow runs next; without a next run, how it runs at all. */
export function nextRunText(w: Pick<Workflow, 'nextRun' | 'trigger'>): string {
  const none = w.trigger === 'schedule' ? 'Not scheduled' : w.trigger === 'event' ? 'On the event' : 'When run by hand';
  return runTime(w.nextRun, none);
}

/** The workflow's steps in order: "1. Publish drafts (tag:auto-publish)". */
export function stepLabels(w: Pick<Workflow, 'actions'>): string[] {
  return w.actions.map(
    (a, i) => `${i + 1}. ${ACTION_LABELS[a.type]}${a.config?.condition ? ` (${a.config.condition})` : ''}`,
  );
}

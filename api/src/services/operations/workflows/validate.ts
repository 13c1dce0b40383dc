import { WORKFLOW_EVENTS, type ScheduleConfig, type WorkflowForm } from 'content-schema/workflow';
import { AppError } from '../../../lib/errors.ts';
import type { WorkflowRow } from './rows.ts';

const invalid = (path: string, message: string) => new AppError(400, message, { issues: [{ path, message }] });

/** Rules the form schema cannot express on its own: what each trigger needs. */
export function checkForm(form: WorkflowForm): { event: WorkflowRow['event']; scheduleConfig: ScheduleConfig | null } {
  if (form.trigger === 'event') {
    if (!form.event)
      throw invalid('event', `Choose the event that starts this workflow (${WORKFLOW_EVENTS.join(', ')})`);
    return { event: form.event, scheduleConfig: null };
  }
  if (form.trigger === 'schedule') {
    const config = form.scheduleConfig;
    if (!config) throw invalid('scheduleConfig', 'A scheduled workflow needs a frequency');
    if (config.time) {
      const [h, m] = config.time.split(':').map(Number) as [number, number];
      if (h > 23 || m > 59) throw invalid('scheduleConfig.time', 'Enter a time between 00:00 and 23:59');
    }
    if (config.frequency === 'weekly' && config.days?.some((d) => d > 6))
      throw invalid('scheduleConfig.days', 'Weekly days are weekdays 0 (Sunday) to 6 (Saturday)');
    if (config.frequency === 'monthly' && config.days?.some((d) => d < 1))
      throw invalid('scheduleConfig.days', 'Monthly days are days of the month 1 to 31');
    return { event: null, scheduleConfig: config };
  }
  return { event: null, scheduleConfig: null };
}

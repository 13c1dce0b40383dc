import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VALUES,
  WorkflowValuesSchema,
  actionNote,
  describeTrigger,
  newActionValues,
  timeLabel,
  toWorkflowForm,
  toggleDay,
  valuesFromWorkflow,
} from './workflow-form-values.ts';

describe('workflow form values', () => {
  it('defaults to a manual, enabled workflow with one publish action', () => {
    expect(toWorkflowForm({ ...DEFAULT_VALUES, name: ' Nightly ' })).toEqual({
      name: 'Nightly',
      trigger: 'manual',
      event: null,
      actions: [{ type: 'publish' }],
      enabled: true,
      scheduleConfig: null,
    });
  });

  it('requires a name, with the shared schema’s message', () => {
    const result = WorkflowValuesSchema.safeParse(DEFAULT_VALUES);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Workflow name is required');
  });

  it('round-trips a weekly schedule with action settings', () => {
    const form = toWorkflowForm({
      ...DEFAULT_VALUES,
      name: 'Weekly',
      trigger: 'schedule',
      frequency: 'weekly',
      time: '07:30',
      weekdays: [5, 1],
      actions: [{ type: 'notify', condition: '', recipients: 'editor, legal', platforms: '', destination: '' }],
    });
    expect(form.scheduleConfig).toEqual({ frequency: 'weekly', time: '07:30', days: [1, 5] });
    expect(form.actions).toEqual([{ type: 'notify', config: { recipients: ['editor', 'legal'] } }]);
    const workflow = {
      id: 1,
      status: 'idle' as const,
      executionCount: 0,
      lastRun: null,
      nextRun: null,
      event: null,
      scheduleConfig: form.scheduleConfig ?? null,
      ...form,
      enabled: true,
    };
    expect(toWorkflowForm(valuesFromWorkflow(workflow))).toEqual(form);
    expect(describeTrigger(workflow)).toBe('Weekly on Mon, Fri at 07:30');
  });
});

describe('workflow form mapping', () => {
  const base = { ...DEFAULT_VALUES, name: 'Flow' };

  it('sends an event trigger with its event, and no schedule', () => {
    expect(toWorkflowForm({ ...base, trigger: 'event', event: 'build_failed' })).toMatchObject({
      trigger: 'event',
      event: 'build_failed',
      scheduleConfig: null,
    });
  });

  it('sends a monthly schedule’s days as numbers, and none for a daily one', () => {
    const monthly = toWorkflowForm({
      ...base,
      trigger: 'schedule',
      frequency: 'monthly',
      time: '06:30',
      monthDays: ' 1, 15 ,',
    });
    expect(monthly.scheduleConfig).toEqual({ frequency: 'monthly', time: '06:30', days: [1, 15] });
    const daily = toWorkflowForm({ ...base, trigger: 'schedule', frequency: 'daily', time: '06:30' });
    expect(daily.scheduleConfig).toEqual({ frequency: 'daily', time: '06:30' });
  });

  it('sends only the settings each action type uses, trimmed, and none when empty', () => {
    const actions = [
      { ...newActionValues('publish'), condition: ' tag:auto ', recipients: 'ignored' },
      { ...newActionValues('notify'), recipients: 'editor, , desk ' },
      { ...newActionValues('social_share'), platforms: ' ' },
      { ...newActionValues('backup'), destination: ' /backups ' },
      newActionValues('seo_check'),
    ];
    expect(toWorkflowForm({ ...base, actions }).actions).toEqual([
      { type: 'publish', config: { condition: 'tag:auto' } },
      { type: 'notify', config: { recipients: ['editor', 'desk'] } },
      { type: 'social_share' },
      { type: 'backup', config: { destination: '/backups' } },
      { type: 'seo_check' },
    ]);
  });

  it.each([
    ['time', '24:00', 'Enter a time as HH:MM'],
    ['monthDays', '1, x', 'Enter days of the month like 1, 15'],
  ])('refuses %s = %j with “%s”', (field, value, message) => {
    const result = WorkflowValuesSchema.safeParse({ ...base, [field]: value });
    expect(result.error?.issues.find((i) => i.path[0] === field)?.message).toBe(message);
  });
});

describe('the workflow form’s fields', () => {
  it('labels the time of an hourly schedule as its minute', () => {
    expect(timeLabel('hourly')).toBe('Minute (HH:MM, hours ignored)');
    expect(timeLabel('weekly')).toBe('Time');
  });

  it('ticks and unticks a weekday', () => {
    expect(toggleDay([1, 3], 5, true)).toEqual([1, 3, 5]);
    expect(toggleDay([1, 3, 5], 3, false)).toEqual([1, 5]);
  });

  it('says what an action without settings does', () => {
    expect(actionNote('backup')).toBe('Writes a consistent snapshot of the database to the backup folder.');
    expect(actionNote('seo_check')).toBe('Analyses every published article; notifies about scores under 60.');
  });
});

import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VALUES,
  WorkflowValuesSchema,
  describeTrigger,
  toWorkflowForm,
  valuesFromWorkflow,
} from './workflow-form-values.ts';

describe('workflow form values', () => {
  it('defaults to a manual, enabled workflow with one publish action (spec §5)', () => {
    expect(toWorkflowForm({ ...DEFAULT_VALUES, name: ' Nightly ' })).toEqual({
      name: 'Nightly',
      trigger: 'manual',
      event: null,
      actions: [{ type: 'publish' }],
      enabled: true,
      scheduleConfig: null,
    });
  });

  it('requires a name with the spec message', () => {
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

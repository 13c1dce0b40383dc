import { describe, expect, it } from 'vitest';
import { formatZonedDateTime } from 'content-schema/format';
import { nextRunText, runTime, stepLabels } from './workflow-texts.ts';

describe('a workflow in the list', () => {
  it('shows run times in the publication’s zone, or what to say without one', () => {
    const iso = '2026-06-01T07:00:00.000Z';
    expect(runTime(iso, 'Never')).toBe(`${formatZonedDateTime(iso, 'Europe/Stockholm')} (Stockholm)`);
    expect(runTime(null, 'Never')).toBe('Never');
  });

  it.each([
    ['schedule', 'Not scheduled'],
    ['event', 'On the event'],
    ['manual', 'When run by hand'],
  ] as const)('without a next run, a %s workflow says “%s”', (trigger, text) => {
    expect(nextRunText({ trigger, nextRun: null })).toBe(text);
  });

  it('numbers its steps, with a publish step’s condition', () => {
    expect(
      stepLabels({ actions: [{ type: 'publish', config: { condition: 'tag:auto-publish' } }, { type: 'backup' }] }),
    ).toEqual(['1. Publish drafts (tag:auto-publish)', '2. Back up the database']);
  });
});

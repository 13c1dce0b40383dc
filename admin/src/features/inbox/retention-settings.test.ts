import { describe, expect, it } from 'vitest';
import { retentionFromField } from './retention-settings.tsx';

describe('retentionFromField', () => {
  it('saves a whole number of days within bounds', () => {
    expect(retentionFromField('400')).toEqual({ settings: { retentionDays: 400 } });
  });

  it.each([
    ['0', 'Retention must be at least 1 day'],
    ['3651', 'Retention must be at most 3650 days'],
    ['1.5', 'Retention must be a whole number of days'],
    ['ten', 'Retention must be a number of days'],
  ])('refuses %j with “%s”', (value, error) => {
    expect(retentionFromField(value)).toEqual({ error });
  });
});

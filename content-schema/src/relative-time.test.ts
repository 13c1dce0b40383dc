import { describe, expect, it } from 'vitest';
import { formatLongDate, relativeTime } from './relative-time.ts';

describe('relativeTime', () => {
  const now = new Date('2026-11-22T12:00:00.000Z');

  it.each([
    ['2026-11-22T12:00:00.000Z', 'Just now'],
    ['2026-11-22T11:59:00.001Z', 'Just now'],
    ['2026-11-22T11:59:00.000Z', '1m ago'],
    ['2026-11-22T11:01:00.000Z', '59m ago'],
    ['2026-11-22T11:00:00.001Z', '59m ago'],
    ['2026-11-22T11:00:00.000Z', '1h ago'],
    ['2026-11-21T12:00:00.001Z', '23h ago'],
    ['2026-11-21T12:00:00.000Z', '1d ago'],
    ['2026-11-12T12:00:00.000Z', '10d ago'],
    ['2025-11-22T12:00:00.000Z', '365d ago'],
    ['2026-11-22T14:00:00+02:00', 'Just now'],
    ['2026-11-22T13:00:00+02:00', '1h ago'],
    ['2026-11-22T12:05:00.000Z', 'Just now'],
    ['not a date', ''],
  ])('%s → %j', (iso, expected) => {
    expect(relativeTime(iso, now)).toBe(expected);
  });
});

describe('formatLongDate', () => {
  it.each([
    ['2026-11-22T10:00:00.000Z', 'November 22, 2026'],
    ['2026-01-05', 'January 5, 2026'],
    // In UTC, whatever the machine's zone: 23:30 in New York is already the next day.
    ['2026-12-31T23:30:00-05:00', 'January 1, 2027'],
    ['2026-03-01T00:30:00+02:00', 'February 28, 2026'],
    ['', ''],
    ['garbage', ''],
  ])('%j → %j', (iso, expected) => {
    expect(formatLongDate(iso)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDate,
  formatDateTime,
  formatLongDay,
  formatUtcClock,
  formatZonedDateTime,
} from './format.ts';

describe('shared formatting', () => {
  const at = new Date(2026, 5, 1, 9, 5, 30); // local time, as readers see it

  it('writes dates and times in US English', () => {
    expect(formatDate(at)).toBe('Jun 1, 2026');
    expect(formatDateTime(at)).toBe('Jun 1, 2026, 9:05 AM');
    expect(formatDateTime(at, { seconds: true })).toBe('Jun 1, 2026, 9:05:30 AM');
    expect(formatDateTime(at.toISOString())).toBe(formatDateTime(at));
    expect(formatDate(at.getTime())).toBe('Jun 1, 2026');
  });

  it('writes a long day, a UTC clock time and a time in a named zone', () => {
    expect(formatLongDay(at)).toBe('Mon, June 1, 2026');
    expect(formatUtcClock('2026-06-01T14:05:09Z')).toBe('14:05:09');
    // Summer time: Stockholm is UTC+2, New York UTC-4.
    expect(formatZonedDateTime('2026-06-01T14:05:00Z', 'Europe/Stockholm')).toBe('Jun 1, 2026, 16:05');
    expect(formatZonedDateTime('2026-06-01T14:05:00Z', 'America/New_York')).toBe('Jun 1, 2026, 10:05');
  });

  it('groups thousands', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(0)).toBe('0');
  });
});

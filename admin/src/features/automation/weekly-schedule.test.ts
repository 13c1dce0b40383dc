import { describe, expect, it } from 'vitest';
import { formatInstant, scheduleDayAt, WEEK } from './weekly-schedule.ts';

describe('the weekly schedule as shown', () => {
  it('lists Monday to Sunday with the publication’s slots and a weekend without generation', () => {
    expect(WEEK.map((d) => [d.day, d.slot?.category ?? null, d.slot?.time ?? null])).toEqual([
      ['Monday', 'Analysis Drop', '09:00'],
      ['Tuesday', 'Energy Future', '09:00'],
      ['Wednesday', 'Future Cities', '09:00'],
      ['Thursday', 'Deal Watch', '09:00'],
      ['Friday', 'Deep Dive', '08:00'],
      ['Saturday', null, null],
      ['Sunday', null, null],
    ]);
  });

  it.each([
    ['2026-06-01T07:00:00Z', 'Monday'],
    ['2026-03-29T22:30:00Z', 'Monday'], // 00:30 CEST on Monday, still Sunday in UTC
    ['2026-06-05T21:59:00Z', 'Friday'],
    ['2026-06-05T22:00:00Z', 'Saturday'],
  ])('at %s it is %s in Stockholm', (iso, day) => {
    expect(scheduleDayAt(new Date(iso)).day).toBe(day);
  });

  it('formats an instant, or null when there is none', () => {
    expect(formatInstant(null)).toBeNull();
    expect(formatInstant('nonsense')).toBeNull();
    expect(formatInstant('2026-06-01T07:00:00Z')).toMatch(/Jun 1, 2026/);
  });
});

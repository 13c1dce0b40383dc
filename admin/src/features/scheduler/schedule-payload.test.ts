import { describe, expect, it } from 'vitest';
import { buildSchedulePayload, calendarDay, scheduledInstant } from './schedule-payload.ts';

describe('buildSchedulePayload', () => {
  it('sends the chosen wall-clock date and time with the chosen zone', () => {
    const payload = buildSchedulePayload({
      postId: 12,
      publishDate: new Date(2026, 11, 1),
      publishTime: '09:00',
      timezone: 'America/New_York',
    });
    expect(payload).toEqual({ postId: 12, publishDateTime: '2026-12-01T09:00', timezone: 'America/New_York' });
  });

  it('defaults the zone to Europe/Stockholm', () => {
    const payload = buildSchedulePayload({ postId: 1, publishDate: new Date(2026, 0, 5), publishTime: '23:30' });
    expect(payload.timezone).toBe('Europe/Stockholm');
    expect(payload.publishDateTime).toBe('2026-01-05T23:30');
  });

  it('names the picked calendar day, whatever the browser zone does to UTC', () => {
    expect(calendarDay(new Date(2026, 2, 29, 0, 0))).toBe('2026-03-29');
  });
});

describe('scheduledInstant (the time the server will store)', () => {
  it.each([
    ['America/New_York', new Date(2026, 11, 1), '09:00', '2026-12-01T14:00:00.000Z'],
    ['America/New_York', new Date(2026, 6, 1), '09:00', '2026-07-01T13:00:00.000Z'],
    ['Europe/Stockholm', new Date(2026, 11, 1), '09:00', '2026-12-01T08:00:00.000Z'],
    ['Europe/London', new Date(2026, 6, 1), '09:00', '2026-07-01T08:00:00.000Z'],
    ['America/Los_Angeles', new Date(2026, 0, 15), '18:45', '2026-01-16T02:45:00.000Z'],
  ])('%s %s %s → %s', (zone, day, time, iso) => {
    const result = scheduledInstant(day, time, zone);
    expect(result.ok && result.instant.toISOString()).toBe(iso);
  });

  it('reports a time skipped by the spring DST change as nonexistent', () => {
    expect(scheduledInstant(new Date(2026, 2, 29), '02:30', 'Europe/Stockholm')).toEqual({
      ok: false,
      reason: 'nonexistent',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { cronPattern, nextOccurrence } from './cron.ts';

describe('schedule trigger', () => {
  it('builds DST-aware cron patterns in Stockholm', () => {
    expect(cronPattern({ frequency: 'hourly', time: '10:05' })).toBe('5 * * * *');
    expect(cronPattern({ frequency: 'weekly', time: '08:00', days: [5, 1] })).toBe('0 8 * * 1,5');
    expect(cronPattern({ frequency: 'monthly' })).toBe('0 9 1 * *');
    // 09:00 in Stockholm is 08:00Z in winter and 07:00Z in summer.
    expect(nextOccurrence({ frequency: 'daily', time: '09:00' }, new Date('2026-03-28T10:00:00Z'))?.toISOString()).toBe(
      '2026-03-29T07:00:00.000Z',
    );
    expect(nextOccurrence({ frequency: 'daily', time: '09:00' }, new Date('2026-03-27T10:00:00Z'))?.toISOString()).toBe(
      '2026-03-28T08:00:00.000Z',
    );
  });
});

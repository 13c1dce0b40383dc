import { describe, expect, it } from 'vitest';
import type { ScheduledPost } from 'content-schema/schedule';
import { formatDateTime } from 'content-schema/format';
import { formatInZone } from 'content-schema/zoned-time';
import { choosableDrafts, publishesText, startOfDay, statusVariant } from './schedule-view.ts';

const scheduled = (postId: number, status: ScheduledPost['status']): ScheduledPost => ({
  id: postId * 10,
  postId,
  postTitle: `Post ${postId}`,
  publishDate: '2026-12-01T08:00:00.000Z',
  timezone: 'Europe/Stockholm',
  status,
  error: null,
  createdAt: '2026-11-01T08:00:00.000Z',
});

describe('choosableDrafts', () => {
  it('leaves out drafts with a pending schedule, not those whose schedule ended', () => {
    const drafts = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];
    const rows = [scheduled(1, 'scheduled'), scheduled(2, 'failed'), scheduled(3, 'canceled')];
    expect(choosableDrafts(drafts, rows)).toEqual([{ id: 2 }, { id: 3 }, { id: 4 }]);
  });
});

describe('publishesText', () => {
  it('says nothing until a date and a time are chosen', () => {
    expect(publishesText(undefined, '09:00', 'Europe/Stockholm')).toBeNull();
    expect(publishesText(new Date(2026, 11, 1), '', 'Europe/Stockholm')).toBeNull();
  });

  it('gives the moment in the chosen zone and in the editor’s own', () => {
    const instant = new Date('2026-12-01T14:00:00.000Z');
    expect(formatInZone(instant, 'America/New_York')).toMatch(/^Dec 1, 2026, 09:00 EST/);
    expect(publishesText(new Date(2026, 11, 1), '09:00', 'America/New_York')).toBe(
      `Publishes ${formatInZone(instant, 'America/New_York')} (${formatDateTime(instant)} your time).`,
    );
  });

  it('refuses a time the clocks skip, and one that is not a time', () => {
    expect(publishesText(new Date(2026, 2, 29), '02:30', 'Europe/Stockholm')).toBe(
      'That time does not exist on that day in this zone (the clocks skip it). Choose another time.',
    );
    expect(publishesText(new Date(2026, 11, 1), '25:99', 'Europe/Stockholm')).toBe('Enter a valid time.');
  });
});

describe('the scheduled posts list', () => {
  it.each([
    ['scheduled', 'default'],
    ['published', 'success'],
    ['failed', 'destructive'],
    ['canceled', 'destructive'],
  ] as const)('shows %s as %s', (status, variant) => {
    expect(statusVariant(status)).toBe(variant);
  });

  it('lets the calendar start at the beginning of today', () => {
    expect(startOfDay(new Date(2026, 5, 1, 17, 45))).toEqual(new Date(2026, 5, 1));
  });
});

import type { PostSummary } from 'content-schema/post';
import type { ScheduledPost } from 'content-schema/schedule';
import { formatDateTime } from 'content-schema/format';
import { formatInZone } from 'content-schema/zoned-time';
import type { BadgeVariant } from '../../components/ui/badge.tsx';
import { scheduledInstant } from './schedule-payload.ts';

/** The drafts that can be scheduled: a draft with a pending schedule cannot be scheduled twice. */
export function choosableDrafts<T extends Pick<PostSummary, 'id'>>(drafts: T[], scheduled: ScheduledPost[]): T[] {
  const taken = new Set(scheduled.filter((s) => s.status === 'scheduled').map((s) => s.postId));
  return drafts.filter((d) => !taken.has(d.id));
}

/**
 * The line under the form saying when the post will be published, in the chosen zone and the editor's own; or
 * why that time cannot be used. Null until a date and a time are chosen.
 */
export function publishesText(
  publishDate: Date | undefined,
  publishTime: string | undefined,
  timezone: string,
): string | null {
  if (!publishDate || !publishTime) return null;
  const result = scheduledInstant(publishDate, publishTime, timezone);
  if (result.ok)
    return `Publishes ${formatInZone(result.instant, timezone)} (${formatDateTime(result.instant)} your time).`;
  if (result.reason === 'nonexistent') {
    return 'That time does not exist on that day in this zone (the clocks skip it). Choose another time.';
  }
  return 'Enter a valid time.';
}

/** 'scheduled' and 'published' have their own badges; any other status (failed, canceled) is destructive. */
export function statusVariant(status: ScheduledPost['status']): BadgeVariant {
  if (status === 'scheduled') return 'default';
  if (status === 'published') return 'success';
  return 'destructive';
}

/** Local midnight of the day `now` falls on: days before it cannot be chosen. */
export function startOfDay(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

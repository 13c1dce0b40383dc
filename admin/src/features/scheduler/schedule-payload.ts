import type { ScheduleForm, SchedulePayload } from 'content-schema/schedule';
import { DEFAULT_TIMEZONE } from 'content-schema/site';
import { wallTimeToInstant, type ZonedResult } from 'content-schema/zoned-time';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The calendar day the date picker chose, as YYYY-MM-DD. The picker hands back local midnight of that day,
 * so the local fields (not UTC ones, which may be the day before) name it.
 */
export function calendarDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The request body for a validated schedule form: the chosen wall-clock date and time without an offset,
 * plus the zone it was chosen in; the server turns that into the UTC instant.
 */
export function buildSchedulePayload(form: ScheduleForm): SchedulePayload {
  return {
    postId: form.postId,
    publishDateTime: `${calendarDay(form.publishDate)}T${form.publishTime}`,
    timezone: form.timezone || DEFAULT_TIMEZONE,
  };
}

/** The instant a schedule form stands for, as the server will compute it (for the preview line). */
export function scheduledInstant(publishDate: Date, publishTime: string, timezone: string): ZonedResult {
  return wallTimeToInstant(`${calendarDay(publishDate)}T${publishTime}`, timezone);
}

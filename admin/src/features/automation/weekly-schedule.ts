import { WEEKLY_SCHEDULE } from 'content-schema/categories';
import { AUTOMATION_TIMEZONE } from 'content-schema/site';
import { formatDateTime } from 'content-schema/format';

export interface ScheduleDay {
  weekday: number;
  day: string;
  /** null on days without generation (the weekend). */
  slot: { category: string; kind: 'daily' | 'deep-dive'; time: string } | null;
}

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Monday to Sunday with each day's slot, weekend included as 'no generation'. */
export const WEEK: ScheduleDay[] = DAYS.map((day, i) => {
  const entry = WEEKLY_SCHEDULE.find((e) => e.weekday === i + 1);
  return {
    weekday: i + 1,
    day,
    slot: entry
      ? { category: entry.category, kind: entry.kind, time: `${String(entry.hour).padStart(2, '0')}:00` }
      : null,
  };
});

const weekdayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: AUTOMATION_TIMEZONE });

/** The schedule day of an instant, counted in the automation zone (Europe/Stockholm), not the browser's. */
export function scheduleDayAt(now: Date): ScheduleDay {
  const name = weekdayFormat.format(now);
  return WEEK.find((d) => d.day === name) ?? WEEK[0]!;
}

/** A status instant for display in the browser's time, or null when absent or invalid. */
export function formatInstant(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : formatDateTime(time);
}

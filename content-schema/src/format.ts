/**
 * The one way the site and the admin write dates and numbers for people (US English, the site's language):
 * formatters are built once here, not per component.
 */
const LOCALE = 'en-US';

const minutes = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short' });
const seconds = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'medium' });
const day = new Intl.DateTimeFormat(LOCALE, { year: 'numeric', month: 'short', day: 'numeric' });
const longDay = new Intl.DateTimeFormat(LOCALE, { weekday: 'short', year: 'numeric', month: 'long', day: 'numeric' });
const utcClock = new Intl.DateTimeFormat(LOCALE, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'UTC',
  hour12: false,
});
const count = new Intl.NumberFormat(LOCALE);
/** Zoned formatters, made once per zone. */
const zoned = new Map<string, Intl.DateTimeFormat>();

type Instant = string | number | Date;
const toDate = (value: Instant) => (value instanceof Date ? value : new Date(value));

/** 'Jun 1, 2026, 9:05 AM' in the reader's zone; with `{ seconds: true }`, '9:05:30 AM'. */
export function formatDateTime(value: Instant, options: { seconds?: boolean } = {}): string {
  return (options.seconds ? seconds : minutes).format(toDate(value));
}

/** 'Jun 1, 2026'. */
export function formatDate(value: Instant): string {
  return day.format(toDate(value));
}

/** '12,345'. */
export function formatCount(value: number): string {
  return count.format(value);
}

/** 'Mon, June 1, 2026' (a date picked in a calendar). */
export function formatLongDay(value: Instant): string {
  return longDay.format(toDate(value));
}

/** '14:05:09', on the UTC clock (a server's measurement time). */
export function formatUtcClock(value: Instant): string {
  return utcClock.format(toDate(value));
}

/** 'Jun 1, 2026, 14:05' in the given zone, 24-hour (times set in the publication's zone are shown there). */
export function formatZonedDateTime(value: Instant, timeZone: string): string {
  let format = zoned.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23', timeZone });
    zoned.set(timeZone, format);
  }
  return format.format(toDate(value));
}

/**
 * The one way the site and the admin write dates and numbers for people (US English, the site's language):
 * formatters are built once here, not per component.
 */
const LOCALE = 'en-US';

const minutes = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short' });
const seconds = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'medium' });
const day = new Intl.DateTimeFormat(LOCALE, { year: 'numeric', month: 'short', day: 'numeric' });
const count = new Intl.NumberFormat(LOCALE);

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

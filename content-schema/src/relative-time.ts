const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long ago an ISO instant was, as the notification panel shows it: 'Just now' under a
 * minute (and for clock-skewed future times), then whole minutes, hours or days rounded down.
 * An unparseable date gives ''.
 */
export function relativeTime(iso: string, now: Date): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const elapsed = now.getTime() - then;
  if (elapsed < MINUTE_MS) return 'Just now';
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}m ago`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}h ago`;
  return `${Math.floor(elapsed / DAY_MS)}d ago`;
}

// UTC, not the build machine's zone, so the same post gets the same date on every build.
const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** Long US date of an ISO instant in UTC, e.g. 'November 22, 2026'; '' when unparseable. */
export function formatLongDate(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : longDate.format(time);
}

/**
 * The "when" field of the correction form: a `datetime-local` value in the browser's time zone, sent as a UTC
 * instant (the API wants an offset). Pure, so it is tested without a browser.
 */

/** `YYYY-MM-DDTHH:mm` in local time for an instant. */
export function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The instant of a `datetime-local` value, as ISO (UTC); null when it is not a valid local date and time. */
export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

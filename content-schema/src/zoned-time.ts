import { tzOffset } from '@date-fns/tz';

/** The outcome of turning a wall-clock time into an instant. */
export type ZonedResult =
  { ok: true; instant: Date } | { ok: false; reason: 'invalid-zone' | 'invalid-time' | 'nonexistent' };

const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/;
const WITH_OFFSET = /^(.*?)(Z|([+-])(\d{2}):(\d{2}))$/i;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** Whether Intl (and so every function here) knows the IANA time zone. */
export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock fields as if they were UTC, or null when they do not name a real calendar time. */
function wallAsUtc(wall: string): number | null {
  const m = WALL.exec(wall);
  if (!m) return null;
  const field = (i: number) => Number(m[i] ?? 0);
  const [year, month, day, hour, minute, second] = [field(1), field(2), field(3), field(4), field(5), field(6)];
  const ms = Number((m[7] ?? '').padEnd(3, '0').slice(0, 3));
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  // Date.UTC rolls 30 February over to 2 March; a round trip catches that and every out-of-range field.
  const back = new Date(utc);
  const same =
    back.getUTCFullYear() === year &&
    back.getUTCMonth() === month - 1 &&
    back.getUTCDate() === day &&
    back.getUTCHours() === hour &&
    back.getUTCMinutes() === minute &&
    back.getUTCSeconds() === second;
  return same ? utc : null;
}

/**
 * A wall-clock time ('YYYY-MM-DDTHH:mm[:ss]') in an IANA zone as a UTC instant. A time skipped by a
 * DST jump is 'nonexistent'; a time that happens twice resolves to the earlier (first) occurrence.
 */
export function wallTimeToInstant(wall: string, timeZone: string): ZonedResult {
  if (!isValidTimeZone(timeZone)) return { ok: false, reason: 'invalid-zone' };
  const asUtc = wallAsUtc(wall);
  if (asUtc === null) return { ok: false, reason: 'invalid-time' };
  // The offset that applies is one of those in force around that wall time; a candidate is right
  // when the zone really has that offset at the instant it yields. None right → skipped by a DST jump.
  // (Offsets are rounded to whole ms because historical local-mean-time offsets have seconds.)
  const offsetMs = (at: number) => Math.round(tzOffset(timeZone, new Date(at)) * MINUTE_MS);
  const candidates = new Set([-24, 0, 24].map((hours) => offsetMs(asUtc + hours * HOUR_MS)));
  const instants = [...candidates]
    .map((offset) => asUtc - offset)
    .filter((instant) => offsetMs(instant) === asUtc - instant)
    .sort((a, b) => a - b);
  const first = instants[0];
  return first === undefined ? { ok: false, reason: 'nonexistent' } : { ok: true, instant: new Date(first) };
}

/**
 * The scheduler's publishDateTime: with an offset ('Z', '+02:00') it is that instant and the zone
 * is ignored; without one it is wall-clock time in `timeZone`.
 */
export function parsePublishDateTime(value: string, timeZone: string): ZonedResult {
  const trimmed = value.trim();
  const m = WITH_OFFSET.exec(trimmed);
  if (!m) return wallTimeToInstant(trimmed, timeZone);
  const [, wall = '', zulu, sign, hh = '0', mm = '0'] = m;
  const asUtc = wallAsUtc(wall);
  if (asUtc === null || Number(hh) > 23 || Number(mm) > 59) return { ok: false, reason: 'invalid-time' };
  const offsetMinutes = zulu?.toUpperCase() === 'Z' ? 0 : (sign === '-' ? -1 : 1) * (Number(hh) * 60 + Number(mm));
  return { ok: true, instant: new Date(asUtc - offsetMinutes * MINUTE_MS) };
}

const zonedFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as wall-clock time in a zone, e.g. 'Dec 1, 2026, 09:00 EST' (24-hour; the abbreviation
 * is whatever Intl's en-US data has, so Stockholm shows 'GMT+1'). An unknown zone falls back to UTC;
 * an invalid instant gives ''.
 */
export function formatInZone(instant: Date | string, timeZone: string): string {
  const time = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  if (Number.isNaN(time)) return '';
  const zone = isValidTimeZone(timeZone) ? timeZone : 'UTC';
  let format = zonedFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
      timeZone: zone,
    });
    zonedFormats.set(zone, format);
  }
  return format.format(time);
}

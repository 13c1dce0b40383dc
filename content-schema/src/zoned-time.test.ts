import { describe, expect, it } from 'vitest';
import {
  formatInZone,
  isValidTimeZone,
  parsePublishDateTime,
  wallTimeToInstant,
  type ZonedResult,
} from './zoned-time.ts';

/** The instant as ISO, or the failure reason, so tables compare plain strings. */
const show = (result: ZonedResult) => (result.ok ? result.instant.toISOString() : result.reason);

describe('wallTimeToInstant', () => {
  it.each([
    // Stockholm: CET (+01:00) in winter, CEST (+02:00) in summer; 2026 switches on 29 March and 25 October.
    ['2026-12-01T09:00', 'Europe/Stockholm', '2026-12-01T08:00:00.000Z'],
    ['2026-07-01T09:00', 'Europe/Stockholm', '2026-07-01T07:00:00.000Z'],
    ['2026-03-29T01:59', 'Europe/Stockholm', '2026-03-29T00:59:00.000Z'],
    ['2026-03-29T02:00', 'Europe/Stockholm', 'nonexistent'],
    ['2026-03-29T02:30', 'Europe/Stockholm', 'nonexistent'],
    ['2026-03-29T02:59:59', 'Europe/Stockholm', 'nonexistent'],
    ['2026-03-29T03:00', 'Europe/Stockholm', '2026-03-29T01:00:00.000Z'],
    // 02:00–02:59 happens twice on 25 October: the first occurrence is still at +02:00.
    ['2026-10-25T02:30', 'Europe/Stockholm', '2026-10-25T00:30:00.000Z'],
    ['2026-10-25T02:00', 'Europe/Stockholm', '2026-10-25T00:00:00.000Z'],
    ['2026-10-25T01:59', 'Europe/Stockholm', '2026-10-24T23:59:00.000Z'],
    ['2026-10-25T03:00', 'Europe/Stockholm', '2026-10-25T02:00:00.000Z'],
    ['2026-12-01T09:00', 'America/New_York', '2026-12-01T14:00:00.000Z'],
    ['2026-07-01T09:00', 'America/New_York', '2026-07-01T13:00:00.000Z'],
    ['2026-03-08T02:30', 'America/New_York', 'nonexistent'],
    ['2026-11-01T01:30', 'America/New_York', '2026-11-01T05:30:00.000Z'],
    ['2026-07-01T09:00', 'America/Los_Angeles', '2026-07-01T16:00:00.000Z'],
    ['2026-07-01T09:00', 'Europe/London', '2026-07-01T08:00:00.000Z'],
    ['2026-12-01T09:00', 'Europe/London', '2026-12-01T09:00:00.000Z'],
    ['2026-03-29T01:30', 'Europe/London', 'nonexistent'],
    ['2026-10-25T01:30', 'Europe/London', '2026-10-25T00:30:00.000Z'],
    ['2026-12-01T09:00:45', 'UTC', '2026-12-01T09:00:45.000Z'],
    ['2026-12-01T09:00:45.5', 'Asia/Kolkata', '2026-12-01T03:30:45.500Z'],
    ['2026-12-01T09:00', 'Mars/Olympus', 'invalid-zone'],
    ['2026-12-01T09:00', '', 'invalid-zone'],
    ['2026-02-30T10:00', 'Europe/Stockholm', 'invalid-time'],
    ['2026-02-29T10:00', 'Europe/Stockholm', 'invalid-time'],
    ['2028-02-29T10:00', 'Europe/Stockholm', '2028-02-29T09:00:00.000Z'],
    ['2026-13-01T10:00', 'Europe/Stockholm', 'invalid-time'],
    ['2026-12-01T24:00', 'Europe/Stockholm', 'invalid-time'],
    ['2026-12-01T10:60', 'Europe/Stockholm', 'invalid-time'],
    ['2026-12-01T10:00:60', 'Europe/Stockholm', 'invalid-time'],
    ['2026-12-01 10:00', 'Europe/Stockholm', 'invalid-time'],
    ['2026-12-01', 'Europe/Stockholm', 'invalid-time'],
    ['2026-12-01T10:00Z', 'Europe/Stockholm', 'invalid-time'],
  ])('%s in %s → %s', (wall, zone, expected) => {
    expect(show(wallTimeToInstant(wall, zone))).toBe(expected);
  });
});

describe('parsePublishDateTime', () => {
  it.each([
    ['2026-12-01T09:00', 'America/New_York', '2026-12-01T14:00:00.000Z'],
    ['2026-03-29T02:30', 'Europe/Stockholm', 'nonexistent'],
    // With an offset the zone is ignored, even a bogus one.
    ['2026-12-01T09:00Z', 'America/New_York', '2026-12-01T09:00:00.000Z'],
    ['2026-12-01T09:00:00.000Z', 'Europe/Stockholm', '2026-12-01T09:00:00.000Z'],
    ['2026-12-01T09:00+02:00', 'America/Los_Angeles', '2026-12-01T07:00:00.000Z'],
    ['2026-12-01T09:00-05:30', 'Europe/London', '2026-12-01T14:30:00.000Z'],
    ['2026-03-29T02:30+01:00', 'Europe/Stockholm', '2026-03-29T01:30:00.000Z'],
    ['2026-12-01T09:00Z', 'Mars/Olympus', '2026-12-01T09:00:00.000Z'],
    ['2026-12-01T09:00z', 'UTC', '2026-12-01T09:00:00.000Z'],
    ['  2026-12-01T09:00  ', 'UTC', '2026-12-01T09:00:00.000Z'],
    ['2026-02-30T10:00Z', 'UTC', 'invalid-time'],
    ['2026-12-01T09:00+24:00', 'UTC', 'invalid-time'],
    ['2026-12-01T09:00+02:60', 'UTC', 'invalid-time'],
    ['tomorrow', 'UTC', 'invalid-time'],
    ['2026-12-01T09:00', 'Mars/Olympus', 'invalid-zone'],
  ])('%j in %s → %s', (value, zone, expected) => {
    expect(show(parsePublishDateTime(value, zone))).toBe(expected);
  });
});

describe('formatInZone', () => {
  it.each([
    ['2026-12-01T14:00:00Z', 'America/New_York', 'Dec 1, 2026, 09:00 EST'],
    ['2026-07-01T13:00:00Z', 'America/New_York', 'Jul 1, 2026, 09:00 EDT'],
    ['2026-07-01T16:00:00Z', 'America/Los_Angeles', 'Jul 1, 2026, 09:00 PDT'],
    ['2026-12-01T08:00:00Z', 'Europe/Stockholm', 'Dec 1, 2026, 09:00 GMT+1'],
    ['2026-07-01T07:00:00Z', 'Europe/Stockholm', 'Jul 1, 2026, 09:00 GMT+2'],
    ['2026-12-01T09:00:00Z', 'Europe/London', 'Dec 1, 2026, 09:00 GMT'],
    ['2026-12-01T05:00:00Z', 'America/New_York', 'Dec 1, 2026, 00:00 EST'],
    ['2026-12-01T09:00:00Z', 'Mars/Olympus', 'Dec 1, 2026, 09:00 UTC'],
    ['not a date', 'UTC', ''],
  ])('%s in %s → %j', (instant, zone, expected) => {
    expect(formatInZone(instant, zone)).toBe(expected);
  });

  it('accepts a Date', () => {
    expect(formatInZone(new Date('2026-12-01T14:00:00Z'), 'America/New_York')).toBe('Dec 1, 2026, 09:00 EST');
  });

  it('round-trips with wallTimeToInstant', () => {
    const result = wallTimeToInstant('2026-10-25T02:30', 'Europe/Stockholm');
    expect(result.ok && formatInZone(result.instant, 'Europe/Stockholm')).toBe('Oct 25, 2026, 02:30 GMT+2');
  });
});

describe('isValidTimeZone', () => {
  it.each([
    ['Europe/Stockholm', true],
    ['America/New_York', true],
    ['UTC', true],
    ['Mars/Olympus', false],
    ['', false],
    ['not a zone', false],
  ])('%j → %s', (zone, expected) => {
    expect(isValidTimeZone(zone)).toBe(expected);
  });
});

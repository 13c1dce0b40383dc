import { describe, expect, it } from 'vitest';
import { dueSlot, localDay, slotOn, upcomingSlots } from './slot-clock.ts';

describe('the weekly schedule in Europe/Stockholm', () => {
  it.each([
    ['2026-06-01', 'daily', 'Analysis Drop', '2026-06-01T07:00:00.000Z'], // Monday 09:00 CEST
    ['2026-06-02', 'daily', 'Energy Future', '2026-06-02T07:00:00.000Z'],
    ['2026-06-03', 'daily', 'Future Cities', '2026-06-03T07:00:00.000Z'],
    ['2026-06-04', 'daily', 'Deal Watch', '2026-06-04T07:00:00.000Z'],
    ['2026-06-05', 'deep-dive', 'Deep Dive', '2026-06-05T06:00:00.000Z'], // Friday 08:00 CEST
    ['2026-12-07', 'daily', 'Analysis Drop', '2026-12-07T08:00:00.000Z'], // Monday 09:00 CET
    ['2026-12-11', 'deep-dive', 'Deep Dive', '2026-12-11T07:00:00.000Z'], // Friday 08:00 CET
    // Around the DST changes (Sunday 2026-03-29 and Sunday 2026-10-25)
    ['2026-03-27', 'deep-dive', 'Deep Dive', '2026-03-27T07:00:00.000Z'], // Friday before, still CET
    ['2026-03-30', 'daily', 'Analysis Drop', '2026-03-30T07:00:00.000Z'], // Monday after, CEST
    ['2026-10-23', 'deep-dive', 'Deep Dive', '2026-10-23T06:00:00.000Z'], // Friday before, still CEST
    ['2026-10-26', 'daily', 'Analysis Drop', '2026-10-26T08:00:00.000Z'], // Monday after, CET
  ])('%s: %s %s at %s', (date, kind, category, at) => {
    expect(slotOn(date)).toEqual({ date, kind, category, at: new Date(at) });
  });

  it.each(['2026-06-06', '2026-06-07', '2026-03-28', '2026-03-29', '2026-10-24', '2026-10-25'])(
    '%s (weekend) has no slot',
    (date) => {
      expect(slotOn(date)).toBeNull();
    },
  );

  it('counts days in Stockholm, not UTC: 22:30 UTC on Sunday 29 March is already Monday', () => {
    expect(localDay(new Date('2026-03-29T22:30:00Z'))).toEqual({ date: '2026-03-30', weekday: 1 });
    expect(localDay(new Date('2026-10-25T22:59:00Z'))).toEqual({ date: '2026-10-25', weekday: 7 });
    expect(localDay(new Date('2026-10-25T23:00:00Z'))).toEqual({ date: '2026-10-26', weekday: 1 });
  });

  it.each([
    ['2026-06-01T06:59:59Z', null],
    ['2026-06-01T07:00:00Z', '2026-06-01'],
    ['2026-06-01T21:59:59Z', '2026-06-01'], // 23:59:59 local, still the same day
    ['2026-06-01T22:00:00Z', null], // Tuesday 00:00 local: Monday's slot is gone, Tuesday's not yet due
    ['2026-06-06T10:00:00Z', null],
  ])('at %s the due slot is %s', (now, date) => {
    expect(dueSlot(new Date(now))?.date ?? null).toBe(date);
  });

  it('lists the coming slots in time order, skipping the weekend', () => {
    const slots = upcomingSlots(new Date('2026-06-05T10:00:00Z'));
    expect(slots.map((s) => `${s.date} ${s.kind}`)).toEqual([
      '2026-06-05 deep-dive',
      '2026-06-08 daily',
      '2026-06-09 daily',
      '2026-06-10 daily',
      '2026-06-11 daily',
      '2026-06-12 deep-dive',
    ]);
  });
});

describe('the weekly schedule in America/New_York (the clock follows the zone it is given)', () => {
  const zone = 'America/New_York';
  it.each([
    // DST starts Sunday 2026-03-08 and ends Sunday 2026-11-01.
    ['2026-03-06', 'deep-dive', '2026-03-06T13:00:00.000Z'], // Friday 08:00 EST
    ['2026-03-09', 'daily', '2026-03-09T13:00:00.000Z'], // Monday 09:00 EDT
    ['2026-10-30', 'deep-dive', '2026-10-30T12:00:00.000Z'], // Friday 08:00 EDT
    ['2026-11-02', 'daily', '2026-11-02T14:00:00.000Z'], // Monday 09:00 EST
  ])('%s: %s at %s', (date, kind, at) => {
    expect(slotOn(date, zone)).toMatchObject({ date, kind, at: new Date(at) });
  });

  it("counts days in New York: 03:30 UTC on Tuesday is still Monday there, and Monday's slot is due", () => {
    expect(localDay(new Date('2026-03-10T03:30:00Z'), zone)).toEqual({ date: '2026-03-09', weekday: 1 });
    expect(dueSlot(new Date('2026-03-10T03:30:00Z'), zone)?.date).toBe('2026-03-09');
    expect(slotOn('2026-03-07', zone)).toBeNull();
    expect(slotOn('2026-03-08', zone)).toBeNull();
  });

  it('lists the coming slots across the spring change in time order', () => {
    const slots = upcomingSlots(new Date('2026-03-06T20:00:00Z'), 8, zone);
    expect(slots.map((s) => [s.date, s.at.toISOString()])).toEqual([
      ['2026-03-06', '2026-03-06T13:00:00.000Z'],
      ['2026-03-09', '2026-03-09T13:00:00.000Z'],
      ['2026-03-10', '2026-03-10T13:00:00.000Z'],
      ['2026-03-11', '2026-03-11T13:00:00.000Z'],
      ['2026-03-12', '2026-03-12T13:00:00.000Z'],
      ['2026-03-13', '2026-03-13T12:00:00.000Z'],
    ]);
  });
});

import { TZDate } from '@date-fns/tz';
import { WEEKLY_SCHEDULE } from 'content-schema/categories';
import { AUTOMATION_TIMEZONE } from 'content-schema/site';
import { wallTimeToInstant } from 'content-schema/zoned-time';
import type { GenerationKind } from '../../db/schema-automation.ts';

/**
 * The weekly schedule as instants. Pure functions of an instant: the slot clock never keeps state; the
 * runs table remembers which slots ran.
 */

export interface Slot {
  /** Local calendar date in the automation zone, 'YYYY-MM-DD': with `kind`, the slot's key. */
  date: string;
  kind: GenerationKind;
  category: string;
  /** When the slot falls due. */
  at: Date;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The local date ('YYYY-MM-DD') and ISO weekday (1 = Monday … 7 = Sunday) of an instant in the automation zone. */
export function localDay(instant: Date, timeZone = AUTOMATION_TIMEZONE): { date: string; weekday: number } {
  const local = new TZDate(instant.getTime(), timeZone);
  return {
    date: `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`,
    weekday: local.getDay() === 0 ? 7 : local.getDay(),
  };
}

/** The slot of a local date, or null on days without one (the weekend). */
export function slotOn(date: string, timeZone = AUTOMATION_TIMEZONE): Slot | null {
  const weekday = localDay(new Date(`${date}T12:00:00Z`), 'UTC').weekday;
  const entry = WEEKLY_SCHEDULE.find((e) => e.weekday === weekday);
  if (!entry) return null;
  // 08:00 and 09:00 never fall in a DST gap (02:00–03:00), so the wall time always exists.
  const at = wallTimeToInstant(`${date}T${pad(entry.hour)}:00`, timeZone);
  if (!at.ok) return null;
  return { date, kind: entry.kind, category: entry.category, at: at.instant };
}

/**
 * The slot that should run now: today's (local day), once its time has come. A slot missed while the server
 * was down therefore still runs later the same local day, and never on another day.
 */
export function dueSlot(now: Date, timeZone = AUTOMATION_TIMEZONE): Slot | null {
  const slot = slotOn(localDay(now, timeZone).date, timeZone);
  return slot && slot.at.getTime() <= now.getTime() ? slot : null;
}

/** Today's slot (due or not), or null on days without one. */
export function todaysSlot(now: Date, timeZone = AUTOMATION_TIMEZONE): Slot | null {
  return slotOn(localDay(now, timeZone).date, timeZone);
}

/** The slots of the next `days` local days starting today, in time order. */
export function upcomingSlots(now: Date, days = 8, timeZone = AUTOMATION_TIMEZONE): Slot[] {
  const today = localDay(now, timeZone).date;
  const base = Date.parse(`${today}T12:00:00Z`);
  const slots: Slot[] = [];
  for (let i = 0; i < days; i++) {
    const date = new Date(base + i * 86_400_000).toISOString().slice(0, 10);
    const slot = slotOn(date, timeZone);
    if (slot) slots.push(slot);
  }
  return slots;
}

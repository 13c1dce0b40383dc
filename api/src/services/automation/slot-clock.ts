import { TZDate } from '@date-fns/tz';
import { Cron } from 'croner';
import { WEEKLY_SCHEDULE } from 'content-schema/categories';
import { AUTOMATION_TIMEZONE } from 'content-schema/site';
import type { GenerationKind } from 'content-schema/generation';

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

/**
 * Each weekday's slot as a cron pattern in the zone ('0 0 9 * * 1': Mondays at 09:00), one pattern per entry of
 * the schedule. croner resolves wall times to instants across DST changes (a time in a spring-forward gap
 * moves to after it; a repeated autumn hour runs once), so the schedule never hand-computes offsets.
 */
const patterns = new Map<string, { entry: (typeof WEEKLY_SCHEDULE)[number]; cron: Cron }[]>();
function weeklyCrons(timeZone: string) {
  let crons = patterns.get(timeZone);
  if (!crons) {
    crons = WEEKLY_SCHEDULE.map((entry) => ({
      entry,
      cron: new Cron(`0 0 ${entry.hour} * * ${entry.weekday % 7}`, { timezone: timeZone }),
    }));
    patterns.set(timeZone, crons);
  }
  return crons;
}

/** The slot of a local date, or null on days without one (the weekend). */
export function slotOn(date: string, timeZone = AUTOMATION_TIMEZONE): Slot | null {
  const weekday = localDay(new Date(`${date}T12:00:00Z`), 'UTC').weekday;
  const weekly = weeklyCrons(timeZone).find((c) => c.entry.weekday === weekday);
  if (!weekly) return null;
  // The first run after the local day began (a day starts at most 14 hours before noon UTC of its date).
  const at = weekly.cron.nextRun(new Date(Date.parse(`${date}T00:00:00Z`) - 14 * 3_600_000));
  if (!at || localDay(at, timeZone).date !== date) return null;
  return { date, kind: weekly.entry.kind, category: weekly.entry.category, at };
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

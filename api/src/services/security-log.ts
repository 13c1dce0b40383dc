import { desc, sql } from 'drizzle-orm';
import type { SecurityEvent, SecurityEventType } from 'content-schema/auth';
import type { Db } from '../db/client.ts';
import { securityEvents } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';

/** Rows kept; failed sign-ins are bounded by the login limiter, so this is days of a sustained attack. */
export const SECURITY_LOG_MAX = 2000;
export const SECURITY_LOG_PAGE = 100;

export interface SecurityEntry {
  type: SecurityEventType;
  detail: string;
  ip?: string | null;
  device?: string | null;
}

interface LogDeps {
  db: Db;
  clock: Clock;
}

/** Adds an entry, and drops the oldest beyond SECURITY_LOG_MAX in the same batch. */
export async function recordSecurityEvent({ db, clock }: LogDeps, entry: SecurityEntry): Promise<void> {
  await db.batch([
    db.insert(securityEvents).values({
      type: entry.type,
      detail: entry.detail.slice(0, 500),
      ip: entry.ip ?? null,
      device: entry.device ?? null,
      createdAt: clock.now(),
    }),
    db.run(
      sql`DELETE FROM security_events WHERE id <= (SELECT id FROM security_events ORDER BY id DESC LIMIT 1 OFFSET ${SECURITY_LOG_MAX})`,
    ),
  ]);
}

/** The latest entries, newest first. */
export async function listSecurityEvents({ db }: LogDeps): Promise<SecurityEvent[]> {
  const rows = await db.select().from(securityEvents).orderBy(desc(securityEvents.id)).limit(SECURITY_LOG_PAGE);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export type SecurityLog = ReturnType<typeof createSecurityLog>;

/** The audit log of sign-ins, lockouts and account changes, shown in the admin's Security screen. */
export function createSecurityLog(deps: LogDeps) {
  return {
    record: (entry: SecurityEntry) => recordSecurityEvent(deps, entry),
    list: () => listSecurityEvents(deps),
  };
}

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

export type SecurityLog = ReturnType<typeof createSecurityLog>;

/** The audit log of sign-ins, lockouts and account changes, shown in the admin's Security screen. */
export function createSecurityLog(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function record(entry: SecurityEntry): Promise<void> {
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

  async function list(): Promise<SecurityEvent[]> {
    const rows = await db.select().from(securityEvents).orderBy(desc(securityEvents.id)).limit(SECURITY_LOG_PAGE);
    return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  }

  return { record, list };
}

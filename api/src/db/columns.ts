/** Column kinds every schema file shares: times are milliseconds since the epoch, created in the database. */
import { sql } from 'drizzle-orm';
import { integer } from 'drizzle-orm/sqlite-core';

export const timestamp = (name: string) => integer(name, { mode: 'timestamp_ms' });
export const createdAt = () =>
  timestamp('created_at')
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

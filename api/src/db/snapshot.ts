/**
 * A consistent copy of the database in a local SQLite file, wherever the database lives.
 *
 * - A file database: `VACUUM INTO` (one read transaction; writers carry on).
 * - A libSQL server (sqld, Turso): `VACUUM INTO` would run on the server and leave the file on the server's disk,
 *   so the server's `/dump` (the SQL text of one read transaction) is streamed here instead and replayed into a new
 *   local file, statement by statement, in one transaction. Nothing is held in memory but the current statement.
 */
import { rmSync } from 'node:fs';
import { createClient } from '@libsql/client';
import type { Db } from './client.ts';

/** The HTTP(S) base of a libSQL URL: `libsql://` means TLS unless `?tls=0`; `ws(s)://` maps to `http(s)://`. */
export function httpBase(url: string): string {
  const u = new URL(url);
  const tls =
    u.protocol === 'https:' || u.protocol === 'wss:' || (u.protocol === 'libsql:' && u.searchParams.get('tls') !== '0');
  return `${tls ? 'https' : 'http'}://${u.host}`;
}

export async function snapshotDatabase(opts: { db: Db; url: string; authToken?: string; file: string }): Promise<void> {
  if (opts.url.startsWith('file:')) {
    await opts.db.$client.execute({ sql: 'VACUUM INTO ?', args: [opts.file] });
    return;
  }
  const res = await fetch(`${httpBase(opts.url)}/dump`, {
    headers: opts.authToken ? { Authorization: `Bearer ${opts.authToken}` } : {},
    signal: AbortSignal.timeout(30 * 60_000),
  });
  if (!res.ok || !res.body) throw new Error(`The database server answered ${res.status} to /dump`);
  const local = createClient({ url: `file:${opts.file}` });
  try {
    // As the dump asks: rows come table by table, children possibly before the tables they refer to.
    await local.execute('PRAGMA foreign_keys=OFF');
    const statements = splitSql(res.body.pipeThrough(new TextDecoderStream()));
    let batch: string[] = [];
    for await (const statement of statements) {
      // The dump's own framing; the copy is written in batches of its own.
      if (/^(BEGIN TRANSACTION|COMMIT|PRAGMA foreign_keys=OFF);$/i.test(statement)) continue;
      batch.push(statement);
      if (batch.length >= 500) {
        await local.batch(batch, 'write');
        batch = [];
      }
    }
    if (batch.length) await local.batch(batch, 'write');
    await local.execute('PRAGMA integrity_check');
  } catch (err) {
    local.close();
    rmSync(opts.file, { force: true });
    throw err;
  }
  local.close();
}

/**
 * Splits SQL text into statements at semicolons outside quotes ('…' with '' escapes, "…" and […] identifiers,
 * comments), and inside CREATE TRIGGER … END only at END; as sqlite3_complete() does. Yields each statement
 * with its semicolon.
 */
export async function* splitSql(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  let current = '';
  let quote: string | null = null;
  let comment: '--' | '/*' | null = null;
  let trigger = false;
  for await (const chunk of chunks) {
    for (let i = 0; i < chunk.length; i++) {
      const ch = chunk[i]!;
      current += ch;
      if (comment === '--') {
        if (ch === '\n') comment = null;
        continue;
      }
      if (comment === '/*') {
        if (ch === '/' && current.at(-2) === '*') comment = null;
        continue;
      }
      if (quote) {
        if (ch === quote) quote = null; // a doubled quote closes and reopens: same result
        continue;
      }
      if (ch === "'" || ch === '"' || ch === '`') quote = ch;
      else if (ch === '[') quote = ']';
      else if (ch === '-' && current.at(-2) === '-') comment = '--';
      else if (ch === '*' && current.at(-2) === '/') comment = '/*';
      else if (ch === ';') {
        const statement = current.trim();
        if (!trigger && /^CREATE\s+(TEMP\s+|TEMPORARY\s+)?TRIGGER\b/i.test(statement)) trigger = true;
        if (!trigger || /\bEND\s*;$/i.test(statement)) {
          if (statement !== ';') yield statement;
          current = '';
          trigger = false;
        }
      }
    }
  }
  if (current.trim()) yield current.trim();
}

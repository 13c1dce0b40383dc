import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateDb, openDb } from './client.ts';
import { httpBase, snapshotDatabase, splitSql } from './snapshot.ts';
import { startSqld, type Sqld } from './sqld.ts';

async function collect(chunks: string[]): Promise<string[]> {
  const out: string[] = [];
  async function* source() {
    yield* chunks;
  }
  for await (const s of splitSql(source())) out.push(s);
  return out;
}

describe('splitSql', () => {
  it('splits at semicolons outside quotes, comments and trigger bodies, across chunk boundaries', async () => {
    const sql = [
      `INSERT INTO t VALUES(1,'a;b ''quoted;'' c');`,
      `INSERT INTO "odd;name" VALUES(X'00ff');`,
      `-- a comment; with a semicolon\nINSERT INTO t VALUES(2, 'line\none');`,
      `CREATE TRIGGER tr AFTER INSERT ON t BEGIN UPDATE t SET a = 1; DELETE FROM t WHERE a = 2; END;`,
      `/* block; comment */ SELECT [weird;col] FROM t;`,
    ].join('\n');
    const expected = [
      `INSERT INTO t VALUES(1,'a;b ''quoted;'' c');`,
      `INSERT INTO "odd;name" VALUES(X'00ff');`,
      `-- a comment; with a semicolon\nINSERT INTO t VALUES(2, 'line\none');`,
      `CREATE TRIGGER tr AFTER INSERT ON t BEGIN UPDATE t SET a = 1; DELETE FROM t WHERE a = 2; END;`,
      `/* block; comment */ SELECT [weird;col] FROM t;`,
    ];
    expect(await collect([sql])).toEqual(expected);
    // Every possible cut into two chunks gives the same statements.
    for (let cut = 1; cut < sql.length; cut += 7)
      expect(await collect([sql.slice(0, cut), sql.slice(cut)])).toEqual(expected);
  });
});

describe('httpBase', () => {
  it.each([
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['ws://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['libsql://127.0.0.1:8080?tls=0', 'http://127.0.0.1:8080'],
    ['libsql://db-org.turso.io', 'https://db-org.turso.io'],
    ['wss://db-org.turso.io', 'https://db-org.turso.io'],
  ])('%s → %s', (url, base) => expect(httpBase(url)).toBe(base));
});

describe('snapshotDatabase', () => {
  let sqld: Sqld | null = null;
  let dir = '';
  afterEach(async () => {
    await sqld?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it.each(['file', 'sqld'] as const)('a %s database is copied, schema and rows, into a local file', async (kind) => {
    dir = mkdtempSync(join(tmpdir(), 'northwire-snapshot-'));
    sqld = kind === 'sqld' ? await startSqld({ dir: join(dir, 'server') }) : null;
    const url = sqld?.url ?? `file:${join(dir, 'app.db')}`;
    const db = await openDb(url);
    await migrateDb(db);
    // A row that refers to another (sessions → users): the dump may list the child table first.
    await db.$client.execute(`INSERT INTO users (username, password_hash) VALUES ('snap-admin', 'x')`);
    await db.$client.execute(
      `INSERT INTO sessions (id, secret_hash, user_id, expires_at) VALUES ('s1', 'h', (SELECT id FROM users WHERE username = 'snap-admin'), 0)`,
    );
    const body = `Semicolons; 'quotes', "double" and\nnew lines — ünïcode ✓`;
    await db.$client.execute({
      sql: `INSERT INTO posts (title, slug, excerpt, content, category, tags, author_name, read_time, published, created_at, updated_at)
            VALUES (?, 'snap', 'x', ?, 'AI & Machine Learning', '["a"]', 'A', 3, 1, 0, 0)`,
      args: ['Snapshot; test', body],
    });
    const file = join(dir, 'copy.db');
    await snapshotDatabase({ db, url, file });
    db.$client.close();

    const copy = createClient({ url: `file:${file}` });
    const row = (await copy.execute(`SELECT title, content FROM posts WHERE slug = 'snap'`)).rows[0]!;
    expect([row.title, row.content]).toEqual(['Snapshot; test', body]);
    const tables = (await copy.execute(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name = 'post_changes'`))
      .rows;
    expect(tables).toHaveLength(1);
    expect((await copy.execute(`SELECT user_id FROM sessions WHERE id = 's1'`)).rows).toHaveLength(1);
    // The search index (a virtual table and its shadow tables) comes along and answers.
    const found = await copy.execute(
      `SELECT p.slug FROM posts_fts f JOIN posts p ON p.id = f.rowid WHERE posts_fts MATCH '"ünïcode"'`,
    );
    expect(found.rows.map((r) => r.slug)).toEqual(['snap']);
    const migrations = (await copy.execute(`SELECT count(*) AS n FROM __drizzle_migrations`)).rows[0]!.n;
    expect(Number(migrations)).toBeGreaterThan(0);
    copy.close();
  });
});

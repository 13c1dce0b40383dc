import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb } from './client.ts';
import { toPost } from '../services/posts/rows.ts';
import { posts } from './schema.ts';

const API_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The core migrations up to and including `lastTag`, in a folder of their own. */
function migrationsThrough(lastTag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'northwire-migrations-'));
  dirs.push(dir);
  cpSync(join(API_ROOT, 'drizzle'), dir, { recursive: true });
  const journalPath = join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));
  return dir;
}

describe('0005_provenance_only: provenance is the one record of how a post was made', () => {
  it('drops ai_generated from a database in use, keeping every post and its provenance as stored', async () => {
    const before = migrationsThrough('0004_editorial');
    const file = join(before, 'app.db');
    const db = await openDb(`file:${file}`);
    try {
      await migrate(db, { migrationsFolder: before, migrationsTable: '__drizzle_migrations' });
      // Every combination the two columns could hold side by side: the disagreeing ones are the defect.
      const rows: [string, number, string][] = [
        ['agreed-ai', 1, 'ai-generated'],
        ['agreed-human', 0, 'human'],
        ['assisted', 0, 'ai-assisted'],
        // Made by the editor with provenance ai-generated, the flag left false.
        ['flag-false', 0, 'ai-generated'],
        // An automation draft the editor later declared human-written (only an editor's save could do that).
        ['flag-true-human', 1, 'human'],
        ['flag-true-assisted', 1, 'ai-assisted'],
      ];
      for (const [slug, flag, provenance] of rows)
        await db.run(sql`INSERT INTO posts (slug, title, excerpt, content, category, author_name, updated_at, ai_generated, provenance, edited_by)
                         VALUES (${slug}, ${`Title ${slug}`}, 'Excerpt', 'Body', 'Deep Dive', 'Ada', 1, ${flag}, ${provenance}, 'Editor')`);

      await migrate(db, { migrationsFolder: join(API_ROOT, 'drizzle'), migrationsTable: '__drizzle_migrations' });

      const columns = await db.all<{ name: string }>(sql`SELECT name FROM pragma_table_info('posts')`);
      expect(columns.map((c) => c.name)).not.toContain('ai_generated');
      const after = await db.select().from(posts).orderBy(posts.id);
      expect(after.map((p) => [p.slug, p.provenance, p.title, p.editedBy])).toEqual(
        rows.map(([slug, , provenance]) => [slug, provenance, `Title ${slug}`, 'Editor']),
      );
      expect(after.map((p) => [p.slug, toPost(p).aiGenerated])).toEqual([
        ['agreed-ai', true],
        ['agreed-human', false],
        ['assisted', false],
        ['flag-false', true],
        ['flag-true-human', false],
        ['flag-true-assisted', false],
      ]);
    } finally {
      db.$client.close();
    }
  });
});

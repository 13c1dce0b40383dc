import { or, sql, type SQL } from 'drizzle-orm';
import { posts } from '../../db/schema.ts';

/**
 * The search rule: a case-insensitive substring of title, excerpt or content. Terms of three characters or more go
 * through the trigram FTS5 index (drizzle/0003_search_fts.sql): a phrase of trigrams is a substring, folded for case
 * like Unicode's simple lower case, and found without reading every post. Shorter terms have no trigram, so they scan
 * with LIKE (whose case folding covers ASCII letters only).
 */
export function searchFilter(term: string): SQL {
  if ([...term].length >= 3) {
    const phrase = `"${term.replace(/"/g, '""')}"`;
    return sql`${posts.id} IN (SELECT rowid FROM posts_fts WHERE posts_fts MATCH ${phrase})`;
  }
  const pattern = `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(
    sql`lower(${posts.title}) like ${pattern} escape '\\'`,
    sql`lower(${posts.excerpt}) like ${pattern} escape '\\'`,
    sql`lower(${posts.content}) like ${pattern} escape '\\'`,
  )!;
}

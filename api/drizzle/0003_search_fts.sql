-- Search through the API (GET /api/posts?search=): an FTS5 index over the same three columns the substring rule
-- reads (title, excerpt, content), with the trigram tokenizer, so a phrase query is a case-insensitive substring
-- match that uses an index instead of scanning every post. External content (the rows stay in posts); triggers
-- keep it in step in the same transaction as every write. The options are barewords, not quoted strings: sqld's
-- /dump copies this statement into a string literal without doubling inner quotes (api/src/db/snapshot.ts).
CREATE VIRTUAL TABLE `posts_fts` USING fts5(title, excerpt, content, content=posts, content_rowid=id, tokenize=trigram);
--> statement-breakpoint
CREATE TRIGGER `posts_fts_insert` AFTER INSERT ON `posts` BEGIN
  INSERT INTO posts_fts (rowid, title, excerpt, content) VALUES (new.id, new.title, new.excerpt, new.content);
END;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_delete` AFTER DELETE ON `posts` BEGIN
  INSERT INTO posts_fts (posts_fts, rowid, title, excerpt, content) VALUES ('delete', old.id, old.title, old.excerpt, old.content);
END;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_update` AFTER UPDATE OF title, excerpt, content ON `posts` BEGIN
  INSERT INTO posts_fts (posts_fts, rowid, title, excerpt, content) VALUES ('delete', old.id, old.title, old.excerpt, old.content);
  INSERT INTO posts_fts (rowid, title, excerpt, content) VALUES (new.id, new.title, new.excerpt, new.content);
END;
--> statement-breakpoint
INSERT INTO posts_fts (posts_fts) VALUES ('rebuild');

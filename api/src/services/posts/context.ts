import type { Db } from '../../db/client.ts';
import type { AnswerCache } from '../../lib/answer-cache.ts';
import type { Clock } from '../../lib/clock.ts';

/** What the posts service's functions share: the database, the clock and the answers cached for readers. */
export interface PostsContext {
  db: Db;
  clock: Clock;
  /** Lists by query, for readers and the editor. */
  lists: AnswerCache;
  /** Published articles by slug, for anonymous readers: the same life as the lists. */
  articles: AnswerCache;
  /** After a write: retires the cached answers and wakes the change record's consumers. */
  changed: () => void;
}

/**
 * Posts: the rules readers and the editor depend on. Anonymous viewers only ever see published posts. Every change
 * readers can see is written here with its change record in the same transaction (change-record.ts); a post's
 * sanitised HTML and search text are derived once, when it is saved. Answers for readers are encoded once per
 * change (lib/answer-cache.ts) and retired by every write.
 *
 * Read in the order data flows: reads.ts (lists, one post), create.ts and save.ts (writes, with revision-rows.ts and
 * the change record), publish-scheduled.ts (the scheduler's publish), site-data.ts (what the renderer reads).
 */
import type { Post, PostData, PostListQuery, PostUpdate } from 'content-schema/post';
import type { Db } from '../../db/client.ts';
import { AnswerCache } from '../../lib/answer-cache.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PostsContext } from './context.ts';
import { create, remove, type CreateOptions } from './create.ts';
import { publishScheduled } from './publish-scheduled.ts';
import { articleJson, byId, bySlug, listJson } from './reads.ts';
import type { Viewer } from './rows.ts';
import { update, type UpdateOptions } from './save.ts';
import type { SitePostsQuery } from 'content-schema/site-feed';
import { backfillDerived, siteRedirects, sitePosts } from './site-data.ts';
import { uniqueSlug } from './slugs.ts';

export type PostsService = ReturnType<typeof createPostsService>;

/** The posts service over one database; `onChange` runs after every write (it wakes the builder and the feed). */
export function createPostsService(deps: { db: Db; clock: Clock; onChange?: () => void }) {
  const lists = new AnswerCache();
  const articles = new AnswerCache();
  const invalidate = () => {
    lists.clear();
    articles.clear();
  };
  const ctx: PostsContext = {
    db: deps.db,
    clock: deps.clock,
    lists,
    articles,
    changed: () => {
      invalidate();
      deps.onChange?.();
    },
  };
  return {
    listJson: (query: PostListQuery, viewer: Viewer) => listJson(ctx, query, viewer),
    articleJson: (slug: string) => articleJson(ctx, slug),
    byId: (id: number, viewer: Viewer) => byId(ctx, id, viewer),
    bySlug: (slug: string, viewer: Viewer) => bySlug(ctx, slug, viewer),
    create: (input: PostData, options?: CreateOptions): Promise<Post> => create(ctx, input, options),
    update: (id: number, patch: PostUpdate, options?: UpdateOptions) => update(ctx, id, patch, options),
    remove: (id: number) => remove(ctx, id),
    publishScheduled: (scheduleId: number, postId: number, token: string) =>
      publishScheduled(ctx, scheduleId, postId, token),
    sitePosts: (query: SitePostsQuery) => sitePosts(deps.db, query),
    siteRedirects: () => siteRedirects(deps.db),
    backfillDerived: () => backfillDerived(deps.db),
    uniqueSlug: (title: string, exceptId?: number) => uniqueSlug(deps.db, title, exceptId),
    /** Retires every cached answer (another instance's change reached this one). */
    invalidate,
    /** Posts were written outside this service (rendered again after an image changed): caches and the builder. */
    changed: () => ctx.changed(),
    /** What the cached answers hold (bytes, answers), for tests and the memory report. */
    cached: () => ({
      lists: { bytes: lists.bytes, answers: lists.size },
      articles: { bytes: articles.bytes, answers: articles.size },
    }),
  };
}

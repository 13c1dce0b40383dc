/**
 * What a set of change records affects (docs/decisions/001-one-change-record.md): the posts they name as they are
 * now and were before, the categories whose pages and feeds change, and the slugs whose files may have to go.
 */
import type { RenderChange } from 'content-schema/render';
import type { SitePost, SiteSummary } from 'content-schema/site-feed';
import type { SiteIndex } from '../site-index.ts';
import type { SiteSource } from '../source.ts';

export interface Affected {
  /** Every post the changes name, once. */
  postIds: number[];
  /** The published ones of them, as they are now (with their bodies). */
  current: SitePost[];
  byId: Map<number, SitePost>;
  /** The posts whose place, card or search entry changes: everything but a change of corrections alone. */
  listIds: Set<number>;
  /** Categories whose page, listing and feeds change. */
  categories: Set<string>;
  /** Categories whose feeds alone change (a correction shows there, not in the listings). */
  feedCategories: Set<string>;
  /** Each post's old and new slugs: their article and image files may have to go. */
  goneSlugs: Map<number, Set<string>>;
  /** The posts' summaries before the changes, where the index had them. */
  previous: Map<number, SiteSummary>;
}

/** What `changes` affect, from the index (before the changes) and the source (after them). */
export async function affectedBy(source: SiteSource, idx: SiteIndex, changes: RenderChange[]): Promise<Affected> {
  const postIds = [...new Set(changes.map((c) => c.postId))];
  const current = await source.postsById(postIds);
  const byId = new Map(current.map((p) => [p.id, p]));

  // A post whose only changes are corrections keeps its place, card and search entry: only its article, the
  // corrections log, the feeds and the sitemaps show corrections and the "Updated" time. Anything else (or a
  // post this index does not hold) affects the listings too.
  const listIds = new Set(
    postIds.filter(
      (id) => !idx.get(id) || !byId.has(id) || changes.some((c) => c.postId === id && c.kind !== 'corrected'),
    ),
  );
  const categories = new Set<string>();
  const feedCategories = new Set<string>();
  const goneSlugs = new Map<number, Set<string>>();
  const previous = new Map<number, SiteSummary>();
  for (const c of changes) {
    for (const cat of [c.oldCategory, c.newCategory]) {
      if (cat) (listIds.has(c.postId) ? categories : feedCategories).add(cat);
    }
    const slugs = goneSlugs.get(c.postId) ?? new Set<string>();
    for (const s of [c.oldSlug, c.newSlug]) if (s) slugs.add(s);
    goneSlugs.set(c.postId, slugs);
  }
  for (const id of postIds) {
    const before = idx.get(id);
    const after = byId.get(id);
    const into = listIds.has(id) ? categories : feedCategories;
    if (before) {
      previous.set(id, before);
      into.add(before.category);
      goneSlugs.get(id)!.add(before.slug);
    }
    if (after) into.add(after.category);
  }
  return { postIds, current, byId, listIds, categories, feedCategories, goneSlugs, previous };
}

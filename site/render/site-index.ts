/**
 * The warm renderer's picture of the published site: every published post's summary (no bodies: 10,000
 * summaries are a few MB) and the old slugs that redirect. Derived views (the newest-first order, per-category
 * lists, listings) are computed on demand and kept until the next change.
 */
import { CATEGORY_ROUTES, HOME_FILTERS } from 'content-schema/categories';
import type { CorrectionLogEntry } from 'content-schema/corrections';
import type { SiteSummary } from 'content-schema/site-feed';
import { ALL_KEY, compareNewestFirst, listingKey, toListing, type Listing } from '../lib/shared/post-list.ts';
import type { ArticleBody, SiteData } from '../lib/build/site-data.ts';

export class SiteIndex {
  readonly #byId = new Map<number, SiteSummary>();
  /** Old slug → post id, for published posts only. */
  readonly #redirects = new Map<string, number>();
  #sorted: SiteSummary[] | null = null;
  #bySlug: Map<string, SiteSummary> | null = null;
  #byCategory: Map<string, SiteSummary[]> | null = null;
  #listings = new Map<string, Listing>();
  #corrections: readonly CorrectionLogEntry[] = [];

  get size(): number {
    return this.#byId.size;
  }

  get(id: number): SiteSummary | undefined {
    return this.#byId.get(id);
  }

  /** Adds or replaces a published post. */
  put(post: SiteSummary): void {
    this.#byId.set(post.id, post);
    this.#changed();
  }

  /** Forgets a post (unpublished, deleted or not renderable). */
  delete(id: number): void {
    if (this.#byId.delete(id)) this.#changed();
  }

  /** The public corrections log, newest first. */
  get corrections(): readonly CorrectionLogEntry[] {
    return this.#corrections;
  }

  setCorrections(log: readonly CorrectionLogEntry[]): void {
    this.#corrections = log;
  }

  setRedirects(entries: Iterable<{ from: string; postId: number }>): void {
    this.#redirects.clear();
    for (const e of entries) this.#redirects.set(e.from, e.postId);
  }

  /** Redirect rules (old slug → current slug) of posts that are published now, sorted by old slug. */
  redirects(): { from: string; to: string }[] {
    const out: { from: string; to: string }[] = [];
    for (const [from, id] of this.#redirects) {
      const post = this.#byId.get(id);
      if (post && post.slug !== from) out.push({ from, to: post.slug });
    }
    return out.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  }

  #changed(): void {
    this.#sorted = null;
    this.#bySlug = null;
    this.#byCategory = null;
    this.#listings.clear();
  }

  /** Every published post, newest first. */
  get posts(): readonly SiteSummary[] {
    this.#sorted ??= [...this.#byId.values()].sort(compareNewestFirst);
    return this.#sorted;
  }

  bySlug(slug: string): SiteSummary | undefined {
    this.#bySlug ??= new Map(this.posts.map((p) => [p.slug, p]));
    return this.#bySlug.get(slug);
  }

  inCategory(category: string): readonly SiteSummary[] {
    if (!this.#byCategory) {
      const map = new Map<string, SiteSummary[]>();
      for (const p of this.posts) {
        const list = map.get(p.category);
        if (list) list.push(p);
        else map.set(p.category, [p]);
      }
      this.#byCategory = map;
    }
    return this.#byCategory.get(category) ?? [];
  }

  /** The categories that have a listing: every route and home filter, and any category a post is in. */
  listingCategories(): string[] {
    const set = new Set<string>([
      ...CATEGORY_ROUTES.map((r) => r.category),
      ...HOME_FILTERS.map((f) => f.value).filter(Boolean),
      ...this.posts.map((p) => p.category),
    ]);
    return [...set].sort();
  }

  /** The listing of a key ('all' or a listing category's key); an unknown key is an empty listing. */
  listing(key: string): Listing {
    let listing = this.#listings.get(key);
    if (!listing) {
      const category = key === ALL_KEY ? null : this.listingCategories().find((c) => listingKey(c) === key);
      listing = toListing(key, key === ALL_KEY ? this.posts : category ? this.inCategory(category) : []);
      this.#listings.set(key, listing);
    }
    return listing;
  }

  /** The data pages render from, with the bodies (HTML and corrections) of the given articles, by slug. */
  data(staticPaths: readonly string[], articles: ReadonlyMap<string, ArticleBody> = new Map()): SiteData {
    return {
      staticPaths,
      posts: this.posts,
      inCategory: (c) => this.inCategory(c),
      bySlug: (s) => this.bySlug(s),
      article: (s) => articles.get(s),
      corrections: this.#corrections,
      listing: (k) => this.listing(k),
    };
  }
}

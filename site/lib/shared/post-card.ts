/**
 * The small card shape that listings, JSON chunks, search results and the reading list share,
 * in its own module so islands that only need the guard do not pull in the listing logic.
 */

/** What a post card needs. */
export interface PostCard {
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  readTime: number;
  authorName: string;
  /** ISO creation date (the byline shows the creation date). */
  createdAt: string;
  tags: string[];
}

/** Whether untrusted data (storage, fetched JSON, search metadata) has the PostCard shape. */
export function isPostCard(value: unknown): value is PostCard {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.slug === 'string' &&
    typeof v.title === 'string' &&
    typeof v.excerpt === 'string' &&
    typeof v.category === 'string' &&
    typeof v.readTime === 'number' &&
    typeof v.authorName === 'string' &&
    typeof v.createdAt === 'string' &&
    Array.isArray(v.tags) &&
    v.tags.every((t) => typeof t === 'string')
  );
}

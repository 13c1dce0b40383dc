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
  /** The post's feature image, where it has one (shared/picture.ts draws it). */
  image?: PictureSource;
}

/** What drawing a picture needs, small enough to travel in a card's JSON. */
export interface PictureSource {
  alt: string;
  width: number;
  height: number;
  /** Focal point, percent from the left and the top. */
  x: number;
  y: number;
  /** The fallback file's path, and the `srcset` of each modern format. */
  src: string;
  avif: string;
  webp: string;
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
    v.tags.every((t) => typeof t === 'string') &&
    (v.image === undefined || isPictureSource(v.image))
  );
}

/** Whether untrusted data (a stored reading list, fetched JSON) is a picture source naming files of the library. */
export function isPictureSource(value: unknown): value is PictureSource {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const media = (s: unknown) => typeof s === 'string' && (s === '' || s.startsWith('/media/'));
  return (
    typeof v.alt === 'string' &&
    [v.width, v.height, v.x, v.y].every((n) => typeof n === 'number' && Number.isFinite(n)) &&
    media(v.src) &&
    media(v.avif) &&
    media(v.webp)
  );
}

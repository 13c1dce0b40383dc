/**
 * The reader's reading list ('Save' on an article): post cards kept in localStorage, newest save
 * first. Nothing leaves the browser. Functions take the storage so they can be tested without a DOM.
 */
import { isPostCard, type PostCard } from '../shared/post-card.ts';

export const READING_LIST_KEY = 'northwire:reading-list';
/** A list that grows without bound would eventually hit the storage quota. */
export const READING_LIST_MAX = 200;

export interface SavedPost extends PostCard {
  savedAt: string;
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

function isSavedPost(value: unknown): value is SavedPost {
  return isPostCard(value) && typeof (value as PostCard & { savedAt?: unknown }).savedAt === 'string';
}

/** The saved posts; anything unreadable (blocked storage, corrupt JSON, foreign entries) counts as nothing saved. */
export function readReadingList(storage: Storage | undefined): SavedPost[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(READING_LIST_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isSavedPost) : [];
  } catch {
    return [];
  }
}

function write(storage: Storage | undefined, list: SavedPost[]): boolean {
  try {
    storage?.setItem(READING_LIST_KEY, JSON.stringify(list));
    return Boolean(storage);
  } catch {
    return false;
  }
}

export function isSaved(list: readonly SavedPost[], slug: string): boolean {
  return list.some((p) => p.slug === slug);
}

/**
 * Save the post if it is not saved, else remove it. Returns the new list and whether the post is now
 * saved; `stored` is false when the browser refused to keep it (private mode, full quota).
 */
export function toggleSaved(
  storage: Storage | undefined,
  post: PostCard,
  now: Date = new Date(),
): { list: SavedPost[]; saved: boolean; stored: boolean } {
  const current = readReadingList(storage);
  const saved = !isSaved(current, post.slug);
  const list = saved
    ? [{ ...post, savedAt: now.toISOString() }, ...current].slice(0, READING_LIST_MAX)
    : current.filter((p) => p.slug !== post.slug);
  return { list, saved, stored: write(storage, list) };
}

/** Remove one post from the list. */
export function removeSaved(storage: Storage | undefined, slug: string): SavedPost[] {
  const list = readReadingList(storage).filter((p) => p.slug !== slug);
  write(storage, list);
  return list;
}

/** Empty the reading list; false when the browser refused (or there is no storage). */
export function clearReadingList(storage: Pick<globalThis.Storage, 'removeItem'> | undefined): boolean {
  if (!storage) return false;
  try {
    storage.removeItem(READING_LIST_KEY);
    return true;
  } catch {
    return false;
  }
}

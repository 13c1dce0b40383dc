/** The published posts of this build, read from the content collection the API loader filled. */
import { getCollection, type CollectionEntry } from 'astro:content';
import { compareNewestFirst } from './post-list.ts';

export type PostEntry = CollectionEntry<'posts'>;

let cached: Promise<PostEntry[]> | undefined;

/** Every published post, newest first. Computed once per build and shared by all pages. */
export function publishedPosts(): Promise<PostEntry[]> {
  cached ??= getCollection('posts').then((entries) => entries.sort((a, b) => compareNewestFirst(a.data, b.data)));
  return cached;
}

/** Checks of what callers give the search index: post ids and records, thrown back with what is wrong. */
import type { SearchRecord } from './bundle.ts';

export function checkId(postId: unknown): number {
  if (typeof postId !== 'number' || !Number.isSafeInteger(postId) || postId < 1) {
    throw new TypeError(`search: post ids are positive integers, got ${String(postId)}`);
  }
  return postId;
}

export function checkRecord(r: SearchRecord): SearchRecord {
  checkId(r.postId);
  for (const field of ['url', 'title', 'category', 'text'] as const) {
    if (typeof r[field] !== 'string') throw new TypeError(`search: post ${r.postId} has no ${field}`);
  }
  if (typeof r.card !== 'object' || r.card === null) throw new TypeError(`search: post ${r.postId} has no card`);
  return r;
}

/** Checked records sorted by post id; throws on a post given twice. */
export function sortedUnique(records: SearchRecord[]): SearchRecord[] {
  const sorted = records.map(checkRecord).sort((a, b) => a.postId - b.postId);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.postId === sorted[i - 1]!.postId)
      throw new RangeError(`search: post ${sorted[i]!.postId} loaded twice`);
  }
  return sorted;
}

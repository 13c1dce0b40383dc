import { describe, expect, it } from 'vitest';
import { queryFromSearch, searchOfQuery, selectedImage } from './media-query.ts';

describe('the Media screen’s address', () => {
  it('reads the search and a known filter, and ignores an unknown filter', () => {
    expect(queryFromSearch(new URLSearchParams('q=chart&filter=missing-alt'))).toEqual({
      q: 'chart',
      filter: 'missing-alt',
    });
    expect(queryFromSearch(new URLSearchParams('filter=everything'))).toEqual({ q: undefined, filter: undefined });
  });

  it('writes only what is set', () => {
    expect(searchOfQuery({ q: 'gpu', filter: undefined }).toString()).toBe('q=gpu');
    expect(searchOfQuery({ filter: 'unused' }).toString()).toBe('filter=unused');
  });

  it.each([
    ['42', 42],
    [undefined, null],
    ['abc', null],
    ['1e3', null],
  ])('opens image %j → %j', (param, id) => {
    expect(selectedImage(param)).toBe(id);
  });
});

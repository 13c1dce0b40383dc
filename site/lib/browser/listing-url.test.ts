import { describe, expect, it } from 'vitest';
import { listingHref, readListingParams } from './listing-url.ts';

describe('readListingParams', () => {
  it('reads and trims category and search', () => {
    expect(readListingParams('?category=Deep+Dive&search=%20ai%20')).toEqual({ category: 'Deep Dive', search: 'ai' });
  });
  it('defaults to empty values', () => {
    expect(readListingParams('')).toEqual({ category: '', search: '' });
  });
});

describe('listingHref', () => {
  it('sets, trims and removes parameters and keeps unrelated ones', () => {
    expect(listingHref('/', '?utm=x', { category: 'Deal Watch' })).toBe('/?utm=x&category=Deal+Watch');
    expect(listingHref('/', '?category=Deal+Watch&search=ai', { search: '  ' })).toBe('/?category=Deal+Watch');
    expect(listingHref('/', '?category=Deal+Watch&search=ai', { category: '', search: '' })).toBe('/');
  });
});

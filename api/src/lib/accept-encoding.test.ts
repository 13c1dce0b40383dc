import { describe, expect, it } from 'vitest';
import { CACHED_CODINGS, negotiateEncoding } from './accept-encoding.ts';

describe('negotiateEncoding', () => {
  it.each([
    // header, what a cached answer gets (br, gzip offered), what a whole answer gets (gzip, deflate offered)
    [undefined, null, null],
    ['', null, null],
    ['identity', null, null],
    ['gzip, deflate, br', 'br', 'gzip'],
    ['gzip, deflate, br, zstd', 'br', 'gzip'],
    ['br', 'br', null],
    ['gzip', 'gzip', 'gzip'],
    ['deflate', null, 'deflate'],
    ['GZIP, BR', 'br', 'gzip'],
    ['x-gzip', 'gzip', 'gzip'],
    // q=0 refuses, whatever the server prefers
    ['br;q=0, gzip;q=0, identity', null, null],
    ['br;q=0, gzip', 'gzip', 'gzip'],
    ['br, gzip;q=0', 'br', null],
    ['gzip;q=0, deflate', null, 'deflate'],
    ['br ; q=0 , gzip', 'gzip', 'gzip'],
    ['br;Q=0, gzip', 'gzip', 'gzip'],
    ['br;q=0.000, gzip', 'gzip', 'gzip'],
    // the highest q wins; equal q goes by the server's order
    ['gzip;q=1, br;q=0.5', 'gzip', 'gzip'],
    ['br;q=0.8, gzip;q=0.8', 'br', 'gzip'],
    ['deflate;q=0.9, gzip;q=0.5', 'gzip', 'deflate'],
    ['br;q=0.001', 'br', null],
    // `*` stands for every coding not named
    ['*', 'br', 'gzip'],
    ['*;q=0', null, null],
    ['*;q=0, gzip', 'gzip', 'gzip'],
    ['br;q=0, *', 'gzip', 'gzip'],
    ['br;q=0.5, *;q=0.9', 'gzip', 'gzip'],
    // identity wins only when the client prefers it
    ['br;q=0.5, identity', null, null],
    ['br, identity;q=0.5', 'br', null],
    ['br;q=0.5, gzip;q=0.4, identity;q=0.8', null, null],
    ['br;q=0.5, *;q=0.8', 'gzip', 'gzip'],
    ['gzip;q=0.5, identity;q=0.5', 'gzip', 'gzip'],
    ['identity;q=0', null, null],
    // malformed entries are ignored, the rest of the header still counts
    ['br;q=2, gzip', 'gzip', 'gzip'],
    ['br;q=abc, gzip;q=0.5', 'gzip', 'gzip'],
    ['br;q=, gzip', 'gzip', 'gzip'],
    [',, ;q=1, gzip', 'gzip', 'gzip'],
    // the first entry for a coding counts
    ['br;q=0, br', null, null],
  ] as const)('%j: cached answer %s, whole answer %s', (header, cached, whole) => {
    expect(negotiateEncoding(header, CACHED_CODINGS)).toBe(cached);
    expect(negotiateEncoding(header, ['gzip', 'deflate'])).toBe(whole);
  });

  it('answers alike when asked again with the same header (the remembered choice) and with another', () => {
    expect(negotiateEncoding('br;q=0, gzip', CACHED_CODINGS)).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip', CACHED_CODINGS)).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip', ['br'])).toBeNull();
    expect(negotiateEncoding('br, gzip', CACHED_CODINGS)).toBe('br');
  });
});

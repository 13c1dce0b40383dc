import { describe, expect, it } from 'vitest';
import { encode } from 'uqr';
import { qrPath } from './qr-path.ts';

/** Paints a path of `M x y h w v1 h-w z` rectangles back onto a grid. */
function paint(path: string, size: number): boolean[][] {
  const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const [, x, y, w] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
    for (let i = 0; i < Number(w); i += 1) grid[Number(y)]![Number(x) + i] = true;
  }
  return grid;
}

describe('qrPath', () => {
  it('draws each run of dark modules in a row as one rectangle', () => {
    expect(
      qrPath([
        [true, true, false, true],
        [false, false, false, false],
        [false, true, true, true],
      ]),
    ).toBe('M0 0h2v1h-2zM3 0h1v1h-1zM1 2h3v1h-3z');
  });

  it('covers exactly the dark modules of a real code', () => {
    const qr = encode('otpauth://totp/Northwire:admin?secret=JBSWY3DPEHPK3PXP&issuer=Northwire', {
      ecc: 'M',
      border: 4,
    });
    expect(paint(qrPath(qr.data), qr.size)).toEqual(qr.data);
  });
});

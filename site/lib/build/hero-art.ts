/**
 * The generated article hero: a deterministic pattern of rings and lines in the category's colour,
 * derived from the slug, so every article has its own artwork without any image files.
 */

export interface HeroShape {
  kind: 'ring' | 'line';
  x: number;
  y: number;
  /** Radius for rings, length for lines. */
  size: number;
  /** Rotation in degrees for lines. */
  angle: number;
  opacity: number;
}

/** 32-bit FNV-1a hash of a string. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A small seeded generator (mulberry32): the same seed always gives the same sequence in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Shapes for a 1200 x 400 canvas; the same slug always gives the same art. */
export function heroShapes(slug: string, count = 9): HeroShape[] {
  const random = seededRandom(hashString(slug));
  return Array.from({ length: count }, (_, i) => {
    const ring = i % 3 !== 2;
    return {
      kind: ring ? 'ring' : 'line',
      // Keep the art mostly to the right, away from the title text.
      x: Math.round(500 + random() * 700),
      y: Math.round(random() * 400),
      size: Math.round(ring ? 30 + random() * 170 : 200 + random() * 400),
      angle: Math.round(random() * 180),
      opacity: Math.round((0.12 + random() * 0.3) * 100) / 100,
    };
  });
}

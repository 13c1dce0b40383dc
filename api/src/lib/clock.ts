/** Time source injected everywhere, so tests can move time without waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests set and advance by hand. */
export function fakeClock(start: Date | string): Clock & { set(t: Date | string): void; advance(ms: number): void } {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (t) => {
      current = new Date(t);
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
}

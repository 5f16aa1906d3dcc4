/** A seeded pseudo-random source for the demo data: the same seed always gives the same draws. */
export type Random = {
  int: (min: number, max: number) => number;
  chance: (probability: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
  shuffle: <T>(items: readonly T[]) => T[];
};

/** mulberry32: tiny and good enough for demo data; a fixed seed keeps the data stable. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error("Cannot pick from an empty list");
    return items[int(0, items.length - 1)] as T;
  };
  return {
    int,
    chance: (probability) => next() < probability,
    pick,
    shuffle: (items) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i -= 1) {
        const j = int(0, i);
        [copy[i], copy[j]] = [copy[j] as (typeof copy)[number], copy[i] as (typeof copy)[number]];
      }
      return copy;
    },
  };
}

/** `value`, kept between `min` and `max`. */
export const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

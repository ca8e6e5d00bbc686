/**
 * A small seeded PRNG (mulberry32) so randomized tests are reproducible:
 * the same seed gives the same inputs on every run and machine.
 */
export function seededRandom(seed: number): {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
} {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) =>
      items[Math.floor(next() * items.length)] as (typeof items)[number],
  };
}

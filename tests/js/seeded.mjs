// Seeded pseudo-random numbers for the board's node tests (mulberry32: the same numbers for
// the same seed on every machine).

/** A function returning numbers in [0, 1), the same sequence for the same integer `seed`. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

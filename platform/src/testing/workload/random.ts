/** Seeded randomness for workloads, pure (no Node modules), so the browser pages of bench/timeline use it too. */

/** mulberry32: a small seeded generator, so a run can be repeated. */
export const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** Seeded choices: `next` in [0, 1), `pick` one of `items`. */
export const seeded = (seed: number) => {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick };
};

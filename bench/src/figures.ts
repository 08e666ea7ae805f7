/** What every benchmark shares: its settings from the environment and how it prints figures. */

/** A positive whole number from the environment variable `name`, else `fallback`. */
export const setting = (name: string, fallback: number): number => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? Math.trunc(value) : fallback;
};

/** Seconds since `start` (a `performance.now()` reading). */
export const seconds = (start: number) => (performance.now() - start) / 1000;

/** A number with thousands separators and `digits` decimals. */
export const format = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

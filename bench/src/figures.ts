/** What every benchmark shares: its settings from the environment and how it prints figures. */
import { loadavg } from 'node:os';

/** A positive whole number from the environment variable `name` (or 0 where `none` allows it), else `fallback`. */
export const setting = (name: string, fallback: number, { none = false } = {}): number => {
  const value = Number(process.env[name] || Number.NaN);
  return Number.isFinite(value) && (value > 0 || (none && value === 0)) ? Math.trunc(value) : fallback;
};

/** Seconds since `start` (a `performance.now()` reading). */
export const seconds = (start: number) => (performance.now() - start) / 1000;

/** A number with thousands separators and `digits` decimals. */
export const format = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** The 1, 5 and 15 minute load averages: other work on the machine shows in the figures. */
export const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** The p-th percentile (nearest rank) of values sorted ascending. */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** The median of unsorted values. */
export const median = (values: readonly number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/** Milliseconds with two decimals below 10, else one. */
export const ms = (value: number) => format(value, value < 10 ? 2 : 1);

/** A comma-separated list of positive whole numbers from the environment variable `name`, else `fallback`. */
export const settingList = (name: string, fallback: number[]): number[] => {
  const values = (process.env[name] ?? '').split(',').map((part) => Number(part.trim()));
  return values.length > 0 && values.every((value) => Number.isInteger(value) && value > 0)
    ? values
    : fallback;
};

/** Prints a table (first row the header) with `|` between columns: numbers right-aligned, the `left` columns left-aligned. */
export const printTable = (
  log: (line: string) => void,
  lines: string[][],
  left: ReadonlySet<number> | 'all',
) => {
  const width = lines[0]!.map((_, c) => Math.max(...lines.map((row) => row[c]!.length)));
  const cells = (row: string[], header: boolean) =>
    row.map((cell, c) =>
      header || left === 'all' || left.has(c) ? cell.padEnd(width[c]!) : cell.padStart(width[c]!),
    );
  log(cells(lines[0]!, true).join(' | '));
  log(width.map((w) => '-'.repeat(w)).join('-|-'));
  for (const row of lines.slice(1)) log(cells(row, false).join(' | '));
};

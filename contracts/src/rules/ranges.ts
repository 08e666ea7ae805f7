import { z } from 'zod';
import { say } from './messages';
import { maxMetricValue } from './priority';

/** The values a numeric field allows: `min` to `max` inclusive, with at most `decimals` decimals. */
export interface NumericRange {
  readonly min: number;
  readonly max: number;
  readonly decimals: number;
}

const largest = 999_999_999_999.99;

/**
 * Every numeric field a user sets, in one place, so that the server refuses and the console names
 * the same range. A value outside is refused, never clamped or rounded.
 */
export const ranges = {
  /** Project status, phase, art, klasse and health status: codes of an option list (§4). */
  code: { min: 0, max: 99, decimals: 0 },
  itemStatus: { min: 0, max: 99, decimals: 0 },
  /** Person-days of a task. */
  effort: { min: 0, max: 1_000_000, decimals: 2 },
  /** A finance entry: cents, below a trillion either way. */
  amount: { min: -largest, max: largest, decimals: 2 },
  /** Metrics 1 to 3, the ratings of §9. */
  rating: { min: 0, max: 9, decimals: 0 },
  metric4: { min: 0, max: 12, decimals: 0 },
  metricValue: { min: 0, max: maxMetricValue, decimals: 0 },
  goalValue: { min: 0, max: 9, decimals: 0 },
  goalRank: { min: -999_999, max: 999_999, decimals: 0 },
  /** The position among siblings the console writes when rows are reordered. */
  order: { min: -1_000_000_000, max: 1_000_000_000, decimals: 0 },
  /** A custom attribute of type number. */
  attributeNumber: { min: -largest, max: largest, decimals: 2 },
  /** A dependency's lag in working days (§9), negative for a lead: about four years either way. */
  dependencyLag: { min: -999, max: 999, decimals: 0 },
} as const satisfies Record<string, NumericRange>;

/** The range said for people: "a whole number between 0 and 99". */
export const rangeMessage = ({ min, max, decimals }: NumericRange): string =>
  say('range', { min, max, decimals });

/**
 * A required number of `range`: anything else, a string or NaN among them, is refused with the range
 * named. The bounds are zod checks, so that the published JSON Schemas carry them too.
 */
export const numberIn = (range: NumericRange) => {
  const message = rangeMessage(range);
  const error = { error: message, abort: true };
  const bounded = z
    .number({
      error: (issue) => (issue.input === undefined || issue.input === null ? say('required') : message),
    })
    .min(range.min, error)
    .max(range.max, error);
  return range.decimals === 0 ? bounded.int(error) : bounded.multipleOf(10 ** -range.decimals, error);
};

/** Whether `value` lies in `range`: what `numberIn(range)` accepts. */
export const isInRange = (range: NumericRange, value: unknown): boolean =>
  numberIn(range).safeParse(value).success;

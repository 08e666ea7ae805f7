/** The rating metric types of a project (§3). */
export const metricTypes = [
  'WICHTIGKEIT',
  'DRINGLICHKEIT',
  'ARCHITEKTUR',
  'BETRIEB',
  'GESCHAEFTSPROZESSE',
] as const;

export type MetricType = (typeof metricTypes)[number];

/** One rating of a project. */
export interface Metric {
  group?: string | null;
  type: MetricType;
  value: number;
}

/** The WICHTIGKEIT scale of §9, indexed by the metric value 0–10. */
export const importanceWeights = [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.25, 3.5, 3.75, 4] as const;

/** Every metric value is a whole number from 0 to this (the length of the WICHTIGKEIT scale). */
export const maxMetricValue = importanceWeights.length - 1;

const dividedByThree: readonly MetricType[] = ['ARCHITEKTUR', 'BETRIEB', 'GESCHAEFTSPROZESSE'];

/**
 * The calculated priority of §9: WICHTIGKEIT through its scale plus ARCHITEKTUR, BETRIEB and
 * GESCHAEFTSPROZESSE divided by 3 each, rounded half up; DRINGLICHKEIT does not count and missing types
 * count 0. Every entry counts, so repeated types add up. Throws RangeError for a value that is not a whole
 * number 0–10 or an unknown type.
 */
export function priority(metrics: readonly Metric[]): number {
  // Summed in twelfths (weights are quarters, the others thirds) so halves round exactly.
  let twelfths = 0;
  for (const { type, value } of metrics) {
    if (!metricTypes.includes(type)) throw new RangeError(`unknown metric type: ${String(type)}`);
    if (!Number.isInteger(value) || value < 0 || value > maxMetricValue) {
      throw new RangeError(`${type} must be a whole number from 0 to ${maxMetricValue}: ${value}`);
    }
    if (type === 'WICHTIGKEIT') twelfths += importanceWeights[value]! * 12;
    else if (dividedByThree.includes(type)) twelfths += value * 4;
  }
  return Math.round(twelfths / 12);
}

/** Whether the calculated priority differs from the stored metric4 (null counts as 0), the §5 inconsistency. */
export function isPriorityInconsistent(priority: number, metric4: number | null): boolean {
  return priority !== (metric4 ?? 0);
}

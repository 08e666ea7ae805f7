import type { Metric, MetricType } from './priority';
import { importanceWeights, isPriorityInconsistent, maxMetricValue, metricTypes, priority } from './priority';

const rating = (values: Partial<Record<MetricType, number>>): Metric[] =>
  Object.entries(values).map(([type, value]) => ({ type: type as MetricType, value: value! }));

describe('metricTypes', () => {
  it('lists the five rating types of §3', () =>
    expect(metricTypes).toEqual([
      'WICHTIGKEIT',
      'DRINGLICHKEIT',
      'ARCHITEKTUR',
      'BETRIEB',
      'GESCHAEFTSPROZESSE',
    ]));

  it('allows values up to 10, the top of the WICHTIGKEIT scale', () => {
    expect(importanceWeights).toEqual([0, 0.5, 1, 1.5, 2, 2.5, 3, 3.25, 3.5, 3.75, 4]);
    expect(maxMetricValue).toBe(10);
  });
});

describe('priority', () => {
  it('is 0 without any metric', () => expect(priority([])).toBe(0));

  it.each([
    [0, 0],
    [1, 1], // 0.5 rounds half up
    [2, 1],
    [3, 2], // 1.5
    [4, 2],
    [5, 3], // 2.5
    [6, 3],
    [7, 3], // 3.25
    [8, 4], // 3.5
    [9, 4], // 3.75
    [10, 4],
  ])('maps WICHTIGKEIT %i alone to %i', (value, expected) =>
    expect(priority(rating({ WICHTIGKEIT: value }))).toBe(expected),
  );

  it.each([
    ['ARCHITEKTUR 1', { ARCHITEKTUR: 1 }, 0],
    ['ARCHITEKTUR 2', { ARCHITEKTUR: 2 }, 1],
    ['BETRIEB 4', { BETRIEB: 4 }, 1],
    ['BETRIEB 5', { BETRIEB: 5 }, 2],
    ['GESCHAEFTSPROZESSE 10', { GESCHAEFTSPROZESSE: 10 }, 3],
    ['one point of each divided type', { ARCHITEKTUR: 1, BETRIEB: 1, GESCHAEFTSPROZESSE: 1 }, 1],
    [
      'WICHTIGKEIT 2, ARCHITEKTUR 3, BETRIEB 4, GESCHAEFTSPROZESSE 5',
      { WICHTIGKEIT: 2, ARCHITEKTUR: 3, BETRIEB: 4, GESCHAEFTSPROZESSE: 5 },
      5,
    ],
    ['WICHTIGKEIT 7 and ARCHITEKTUR 1 (3.58)', { WICHTIGKEIT: 7, ARCHITEKTUR: 1 }, 4],
    ['WICHTIGKEIT 6 and ARCHITEKTUR 4 (4.33)', { WICHTIGKEIT: 6, ARCHITEKTUR: 4 }, 4],
    [
      'WICHTIGKEIT 4, ARCHITEKTUR 1, BETRIEB 1, GESCHAEFTSPROZESSE 2 (3.33)',
      { WICHTIGKEIT: 4, ARCHITEKTUR: 1, BETRIEB: 1, GESCHAEFTSPROZESSE: 2 },
      3,
    ],
    [
      'everything at the top',
      { WICHTIGKEIT: 10, DRINGLICHKEIT: 10, ARCHITEKTUR: 10, BETRIEB: 10, GESCHAEFTSPROZESSE: 10 },
      14,
    ],
  ])('sums and rounds %s', (_, values, expected) => expect(priority(rating(values))).toBe(expected));

  it('rounds an exact half made of thirds up, free of floating-point drift (0.5 + 1/3 + 1/3 + 1/3 = 1.5)', () =>
    expect(priority(rating({ WICHTIGKEIT: 1, ARCHITEKTUR: 1, BETRIEB: 1, GESCHAEFTSPROZESSE: 1 }))).toBe(2));

  it('rounds 1.5 + 2/3 + 1/3 + 1 = 3.5 up', () =>
    expect(priority(rating({ WICHTIGKEIT: 3, ARCHITEKTUR: 2, BETRIEB: 1, GESCHAEFTSPROZESSE: 3 }))).toBe(4));

  it('ignores DRINGLICHKEIT', () => {
    expect(priority(rating({ DRINGLICHKEIT: 10 }))).toBe(0);
    expect(priority(rating({ WICHTIGKEIT: 5, DRINGLICHKEIT: 10 }))).toBe(
      priority(rating({ WICHTIGKEIT: 5 })),
    );
  });

  it('ignores the group and the order of the metrics', () => {
    const metrics: Metric[] = [
      { group: 'g1', type: 'BETRIEB', value: 5 },
      { group: null, type: 'WICHTIGKEIT', value: 7 },
    ];
    expect(priority(metrics)).toBe(5); // 3.25 + 1.67 = 4.92
    expect(priority([...metrics].reverse())).toBe(5);
  });

  it('adds up repeated entries of a type', () =>
    expect(
      priority([
        { type: 'WICHTIGKEIT', value: 2 },
        { type: 'WICHTIGKEIT', value: 2 },
      ]),
    ).toBe(2));

  it.each([
    ['WICHTIGKEIT 11', 'WICHTIGKEIT', 11],
    ['WICHTIGKEIT -1', 'WICHTIGKEIT', -1],
    ['WICHTIGKEIT 1.5', 'WICHTIGKEIT', 1.5],
    ['ARCHITEKTUR 11', 'ARCHITEKTUR', 11],
    ['BETRIEB NaN', 'BETRIEB', Number.NaN],
    ['DRINGLICHKEIT 11, even though it does not count', 'DRINGLICHKEIT', 11],
  ])('throws RangeError for %s', (_, type, value) =>
    expect(() => priority([{ type: type as MetricType, value }])).toThrow(RangeError),
  );

  it('throws RangeError for an unknown type', () =>
    expect(() => priority([{ type: 'KOSTEN' as MetricType, value: 1 }])).toThrow(RangeError));
});

describe('isPriorityInconsistent', () => {
  it.each([
    [3, 3, false],
    [3, 4, true],
    [4, 3, true],
    [0, null, false],
    [1, null, true],
    [0, 0, false],
    [12, 12, false],
  ])('priority %s against metric4 %s is inconsistent: %s', (calculated, metric4, expected) =>
    expect(isPriorityInconsistent(calculated, metric4)).toBe(expected),
  );
});

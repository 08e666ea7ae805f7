import { workload } from './workload';

describe('workload', () => {
  it.each([
    [10, 5, '2'],
    [5, 2, '2.5'],
    [1, 3, '0.33'],
    [2, 3, '0.67'],
    [1, 8, '0.13'], // 0.125 rounds up
    [10, 4, '2.5'],
    [101, 10, '10.1'],
    [100, 1, '100'],
    [1000, 10, '100'],
    [3, 2.5, '1.2'],
    [0, 5, '0'],
    [1, 200, '0.01'],
    [1, 1000, '0'],
    [7, 7, '1'],
  ])('effort %s over %s days is %s', (effort, days, expected) =>
    expect(workload(effort, days)).toBe(expected),
  );

  it.each([
    ['the effort is missing', null, 5],
    ['the duration is missing', 10, null],
    ['both are missing', null, null],
    ['the duration is 0', 10, 0],
    ['the duration is negative', 10, -2],
    ['the effort is negative', -10, 2],
    ['the effort is not a number', Number.NaN, 2],
    ['the duration is infinite', 10, Number.POSITIVE_INFINITY],
  ])('is null when %s', (_, effort, days) => expect(workload(effort, days)).toBeNull());
});

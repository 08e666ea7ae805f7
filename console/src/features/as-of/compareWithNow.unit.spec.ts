import { describe, expect, it } from '@jest/globals';
import { diffFormValues, formatFormValue, rowChangesSince } from './compareWithNow';

const form = (overrides: Record<string, unknown> = {}) => ({
  title: 'Migration',
  description: '',
  start: '01.03.2026',
  status: 3,
  applications: [1, 2],
  rating: { budget: 10, risk: 2 },
  comment: '',
  ...overrides,
});

describe('diffFormValues', () => {
  it('finds nothing when both states are the same', () => {
    expect(diffFormValues(form(), form())).toEqual([]);
  });

  it('names every field that differs with both values, in form order', () => {
    const now = form({ title: 'Migration 2', status: 5, applications: [1], rating: { budget: 12, risk: 2 } });
    expect(diffFormValues(form(), now)).toEqual([
      { field: 'title', asOf: 'Migration', now: 'Migration 2' },
      { field: 'status', asOf: 3, now: 5 },
      { field: 'applications', asOf: [1, 2], now: [1] },
      { field: 'rating', asOf: { budget: 10, risk: 2 }, now: { budget: 12, risk: 2 } },
    ]);
  });

  it('treats empty text and null alike, and skips ignored fields', () => {
    expect(diffFormValues(form({ description: null }), form())).toEqual([]);
    expect(diffFormValues(form(), form({ comment: 'typed' }), ['comment'])).toEqual([]);
    expect(diffFormValues(form(), form({ comment: 'typed' }))).toHaveLength(1);
  });
});

describe('formatFormValue', () => {
  it('shows values in one short line', () => {
    expect(formatFormValue('x')).toBe('x');
    expect(formatFormValue(5)).toBe('5');
    expect(formatFormValue(false)).toBe('no');
    expect(formatFormValue(null)).toBe('—');
    expect(formatFormValue('')).toBe('—');
    expect(formatFormValue([])).toBe('—');
    expect(formatFormValue(['a', 'b'])).toBe('a, b');
    expect(formatFormValue({ a: 1 })).toBe('a: 1');
    expect(formatFormValue([{ name: 'Cost centre', value: '4711' }])).toBe('Cost centre: 4711');
  });
});

describe('rowChangesSince', () => {
  it('marks rows whose version moved as changed and rows gone now as deleted', () => {
    const asOf = [
      { id: 1, version: 3 },
      { id: 2, version: 1 },
      { id: 3, version: 5 },
    ];
    const now = [
      { id: 1, version: 3 },
      { id: 2, version: 4 },
      { id: 9, version: 1 },
    ];
    expect([...rowChangesSince(asOf, now)]).toEqual([
      [2, 'changed'],
      [3, 'deleted'],
    ]);
  });

  it('finds nothing when nothing changed', () => {
    expect(rowChangesSince([{ id: 1, version: 2 }], [{ id: 1, version: 2 }]).size).toBe(0);
  });
});

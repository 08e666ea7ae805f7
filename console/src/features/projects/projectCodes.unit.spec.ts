import { describe, expect, it } from '@jest/globals';
import { codeLabel, codeOptions, healthColour } from './projectCodes';

describe('codeLabel', () => {
  it.each([
    ['status', 3, 'Status 3'],
    ['phase', 0, 'Phase 0'],
    ['health', 0, '0 · not rated'],
    ['health', 3, '3 · critical'],
    ['health', 42, '42'],
    ['status', null, '—'],
  ] as const)('labels %s %p as %p', (kind, code, label) => {
    expect(codeLabel(kind, code)).toBe(label);
  });
});

describe('codeOptions', () => {
  it('offers the codes as query-string values with their labels, starting at 0', () => {
    const status = codeOptions('status');
    expect(status[0]).toEqual({ value: '0', label: 'Status 0' });
    expect(status.map((o) => o.value)).toContain('10');
    expect(codeOptions('health').map((o) => o.label)).toEqual([
      '0 · not rated',
      '1 · on track',
      '2 · at risk',
      '3 · critical',
    ]);
  });
});

describe('healthColour', () => {
  it('is a traffic light for the rated codes and gray otherwise', () => {
    expect([0, 1, 2, 3, 4, null].map(healthColour)).toEqual([
      'gray',
      'green',
      'yellow',
      'red',
      'gray',
      'gray',
    ]);
  });
});

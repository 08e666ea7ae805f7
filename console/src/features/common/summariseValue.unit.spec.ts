import { describe, expect, it } from '@jest/globals';
import { NO_VALUE, summariseValue } from './summariseValue';

describe('summariseValue', () => {
  it('shows a missing value as a dash and scalars as they are', () => {
    expect(summariseValue(null)).toBe(NO_VALUE);
    expect(summariseValue(undefined)).toBe(NO_VALUE);
    expect(summariseValue('Apollo')).toBe('Apollo');
    expect(summariseValue(0)).toBe('0');
    expect(summariseValue(true)).toBe('yes');
    expect(summariseValue(false)).toBe('no');
  });

  it('shows dates and date-times as the dialogs do', () => {
    expect(summariseValue('2027-06-01')).toBe('01.06.2027');
    expect(summariseValue('2027-03-05T00:00')).toBe('05.03.2027 00:00');
    expect(summariseValue('2027-03-05T14:30')).toBe('05.03.2027 14:30');
    expect(summariseValue('2027-13-45')).toBe('2027-13-45');
  });

  it('names an empty text and an empty list', () => {
    expect(summariseValue('')).toBe('(empty)');
    expect(summariseValue([])).toBe('(none)');
    expect(summariseValue({})).toBe('(none)');
  });

  it('lists shares by tenant and status', () => {
    const shares = [
      { tenant: 'tenantB', status: 'PENDING' },
      { tenant: 'tenantC', status: 'ACCEPTED' },
    ];
    expect(summariseValue(shares)).toBe('tenantB (pending), tenantC (accepted)');
  });

  it('lists named values and plain values', () => {
    expect(summariseValue([{ name: 'Cost centre', value: 4711 }])).toBe('Cost centre: 4711');
    expect(summariseValue(['tenantB', 'tenantC'])).toBe('tenantB, tenantC');
    expect(summariseValue([{ id: 3, name: 'Backend', type: 'INDIVIDUAL' }])).toBe('Backend');
  });

  it('shows unnamed objects as their pairs, nested ones in braces and lists in brackets', () => {
    expect(summariseValue({ metric1: 3, metric2: null })).toBe(`metric1: 3, metric2: ${NO_VALUE}`);
    expect(summariseValue([{ goalId: 7, value: 4 }])).toBe('{goalId: 7, value: 4}');
    expect(summariseValue({ jirarepo: { id: 'c1:PRJ' }, tags: ['a', 'b'] })).toBe(
      'jirarepo: {id: c1:PRJ}, tags: [a, b]',
    );
  });
});

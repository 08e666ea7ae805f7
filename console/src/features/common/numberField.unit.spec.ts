import { describe, expect, it } from '@jest/globals';
import { fieldNumber } from './numberField';

describe('fieldNumber', () => {
  it('passes a number through unchanged, never clamping or rounding it', () => {
    for (const value of [0, -5, 1.005, 1e20]) expect(fieldNumber(value)).toBe(value);
  });

  it('reads a typed text beyond the safe integers as the number it names', () =>
    expect(fieldNumber('99999999999999999999')).toBe(1e20));

  it('gives NaN, never 0, for an unfinished text', () => {
    for (const text of ['-', '.', ' ', 'abc']) expect(fieldNumber(text)).toBeNaN();
  });

  it('gives null for an empty field', () => {
    expect(fieldNumber('')).toBeNull();
    expect(fieldNumber(null)).toBeNull();
  });
});

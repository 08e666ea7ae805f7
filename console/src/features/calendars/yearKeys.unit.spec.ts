import { describe, expect, it } from '@jest/globals';
import { dateAfterKey } from './yearDays';

describe('moving through a year view with the keyboard', () => {
  it('moves by day and week across months and years', () => {
    expect(dateAfterKey('2026-01-31', 'ArrowRight')).toBe('2026-02-01');
    expect(dateAfterKey('2026-01-01', 'ArrowLeft')).toBe('2025-12-31');
    expect(dateAfterKey('2026-12-28', 'ArrowDown')).toBe('2027-01-04');
    expect(dateAfterKey('2026-03-05', 'ArrowUp')).toBe('2026-02-26');
  });

  it('goes to the week’s Monday and Sunday with Home and End', () => {
    // 2026-08-05 is a Wednesday
    expect(dateAfterKey('2026-08-05', 'Home')).toBe('2026-08-03');
    expect(dateAfterKey('2026-08-05', 'End')).toBe('2026-08-09');
  });

  it('moves by month with Page Up and Page Down, keeping the day where the month has it', () => {
    expect(dateAfterKey('2026-03-31', 'PageUp')).toBe('2026-02-28');
    expect(dateAfterKey('2024-01-31', 'PageDown')).toBe('2024-02-29');
    expect(dateAfterKey('2026-12-15', 'PageDown')).toBe('2027-01-15');
  });

  it('ignores other keys', () => {
    expect(dateAfterKey('2026-08-05', 'Enter')).toBeNull();
  });
});

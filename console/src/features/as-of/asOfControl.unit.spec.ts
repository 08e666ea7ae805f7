import { describe, expect, it } from '@jest/globals';
import { appliedAsOf, asOfQuickPicks, asOfSync, asOfToPicker, pickerToAsOf } from './asOfControl';
import { englishT } from '../i18n/testing';

const at = '2026-03-01T09:30:00.000Z';

describe('the picker values', () => {
  it('round-trip through the local picker format', () => {
    expect(pickerToAsOf(asOfToPicker(at))).toBe(at);
    expect(pickerToAsOf(null)).toBeNull();
    expect(pickerToAsOf('not a date')).toBeNull();
  });

  it('keep the milliseconds of the current instant when the draft still shows it', () => {
    const precise = '2026-03-01T09:30:00.742Z';
    expect(appliedAsOf(asOfToPicker(precise), precise)).toBe(precise);
    expect(Date.parse(appliedAsOf(asOfToPicker(precise), precise)!)).toBeGreaterThan(Date.parse(at));
    // a different draft is that whole second
    const later = '2026-03-01T09:31:00.000Z';
    expect(appliedAsOf(asOfToPicker(later), precise)).toBe(later);
    expect(appliedAsOf(asOfToPicker(precise), null)).toBe(at);
    expect(appliedAsOf(null, precise)).toBeNull();
  });

  it('offers quick picks in the past of now', () => {
    const now = new Date('2026-03-15T12:00:00Z');
    const picks = asOfQuickPicks(now, englishT('as-of'));
    expect(picks.map((p) => p.label)).toContain('Yesterday, this time');
    for (const pick of picks) expect(Date.parse(pickerToAsOf(pick.value) ?? '')).toBeLessThan(now.getTime());
  });
});

describe('asOfSync', () => {
  const other = '2025-12-31T23:00:00.000Z';
  const base = { at: null, first: false, pop: false, backToNow: false, permitted: true };
  const search = (query: string) => new URLSearchParams(query);

  it('lets the slice follow an instant in the URL, or do nothing when they agree', () => {
    expect(asOfSync({ ...base, search: search(`asOf=${at}`) })).toEqual({ kind: 'follow', at });
    expect(asOfSync({ ...base, at: other, search: search(`asOf=${at}`) })).toEqual({ kind: 'follow', at });
    expect(asOfSync({ ...base, at, search: search(`asOf=${at}`) })).toEqual({ kind: 'none' });
    expect(asOfSync({ ...base, search: search('view=chart') })).toEqual({ kind: 'none' });
  });

  it('puts the instant back when an in-app navigation lost it', () => {
    expect(asOfSync({ ...base, at, search: search('show-project=3') })).toEqual({ kind: 'restore', at });
  });

  it('goes back to now on Back/Forward, on "Back to now" and on the first location', () => {
    for (const cause of [{ pop: true }, { backToNow: true }, { first: true }])
      expect(asOfSync({ ...base, ...cause, at, search: search('') })).toEqual({ kind: 'follow', at: null });
  });

  it('drops a malformed instant, and any instant for a user without history', () => {
    expect(asOfSync({ ...base, search: search('asOf=yesterday') })).toEqual({
      kind: 'drop',
      reason: 'malformed',
    });
    expect(asOfSync({ ...base, permitted: false, search: search(`asOf=${at}`) })).toEqual({
      kind: 'drop',
      reason: 'not permitted',
    });
  });
});

import { describe, expect, it } from '@jest/globals';
import { urlStateSync } from './urlStateSync';

describe('urlStateSync', () => {
  const base = { first: false, pop: false, cleared: false, permitted: true };

  it('follows the URL, or does nothing when they agree', () => {
    expect(urlStateSync({ ...base, raw: '3', parsed: 3, at: null })).toEqual({ kind: 'follow', at: 3 });
    expect(urlStateSync({ ...base, raw: '3', parsed: 3, at: 3 })).toEqual({ kind: 'none' });
    expect(urlStateSync({ ...base, raw: null, parsed: null, at: null })).toEqual({ kind: 'none' });
  });

  it('puts a choice an in-app navigation lost back, unless the way out, Back or a first location dropped it', () => {
    expect(urlStateSync({ ...base, raw: null, parsed: null, at: 3 })).toEqual({ kind: 'restore', at: 3 });
    for (const cause of [{ first: true }, { pop: true }, { cleared: true }])
      expect(urlStateSync({ ...base, ...cause, raw: null, parsed: null, at: 3 })).toEqual({
        kind: 'follow',
        at: null,
      });
  });

  it('drops a malformed or not permitted value', () => {
    expect(urlStateSync({ ...base, raw: 'x', parsed: null, at: null })).toEqual({
      kind: 'drop',
      reason: 'malformed',
    });
    expect(urlStateSync({ ...base, permitted: false, raw: '3', parsed: 3, at: null })).toEqual({
      kind: 'drop',
      reason: 'not permitted',
    });
  });
});

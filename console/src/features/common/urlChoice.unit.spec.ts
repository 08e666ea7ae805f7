import { describe, expect, it } from '@jest/globals';
import { urlChoice } from './urlChoice';

describe('urlChoice', () => {
  const withChoice = (params: URLSearchParams) => params;

  it('tells the history state of its own way out from any other', () => {
    const { isLeft } = urlChoice<number>('scenario', 'live', withChoice);
    expect(isLeft({ scenario: 'live' })).toBe(true);
    expect(isLeft({ scenario: 'now' })).toBe(false);
    expect(isLeft({ asOf: 'live' })).toBe(false);
    for (const state of [null, undefined, 'live', 3]) expect(isLeft(state)).toBe(false);
  });
});

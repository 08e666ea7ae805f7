import { describe, expect, it } from '@jest/globals';
import { parseItemDialogParams, tokenExpired, withItemParams, withoutItemParams } from './itemDialogParams';

const today = '2027-02-01';
const parse = (query: string) => parseItemDialogParams(new URLSearchParams(query), today);

describe('parseItemDialogParams', () => {
  it('reads show-item', () => {
    expect(parse('show-item=42')).toEqual({ mode: 'show', id: 42 });
  });

  it('ignores a show-item that is not a positive number', () => {
    expect(parse('show-item=abc')).toBeNull();
    expect(parse('show-item=0')).toBeNull();
    expect(parse('')).toBeNull();
  });

  it('reads new-item with group, date, lane and milestone', () => {
    expect(parse('new-item=7&date=2027-03-10&subgroup=design&milestone=1')).toEqual({
      mode: 'new',
      request: { group: 7, date: '2027-03-10', subgroup: 'design', milestone: true },
    });
  });

  it('starts a new item today without a valid date and leaves the project open without a group', () => {
    expect(parse('new-item=&date=2027-02-30')).toEqual({
      mode: 'new',
      request: { group: null, date: today, subgroup: null, milestone: false },
    });
  });
});

describe('withItemParams and withoutItemParams', () => {
  it('round-trips a new-item request and keeps other parameters', () => {
    const request = {
      mode: 'new' as const,
      request: { group: 7, date: '2027-03-10', subgroup: 'tasks', milestone: true },
    };
    const params = withItemParams(new URLSearchParams('view=chart&show-item=3'), request);
    expect(params.get('view')).toBe('chart');
    expect(params.has('show-item')).toBe(false);
    expect(parseItemDialogParams(params, today)).toEqual(request);
    expect(withoutItemParams(params).toString()).toBe('view=chart');
  });

  it('writes show-item', () => {
    expect(withItemParams(new URLSearchParams(), { mode: 'show', id: 5 }).toString()).toBe('show-item=5');
  });
});

describe('tokenExpired', () => {
  const jwt = (payload: object) =>
    `h.${btoa(JSON.stringify(payload)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.s`;

  it('is false before exp minus the skew and true after', () => {
    expect(tokenExpired(jwt({ exp: 1000 }), 900)).toBe(false);
    expect(tokenExpired(jwt({ exp: 1000 }), 995)).toBe(true);
    expect(tokenExpired(jwt({ exp: 1000 }), 1200)).toBe(true);
  });

  it('treats a missing or unreadable token as expired', () => {
    expect(tokenExpired(null, 0)).toBe(true);
    expect(tokenExpired('garbage', 0)).toBe(true);
    expect(tokenExpired(jwt({ sub: 'x' }), 0)).toBe(true);
  });
});

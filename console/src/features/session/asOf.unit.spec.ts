import { describe, expect, it } from '@jest/globals';
import type { MeView } from '@fahrplan/contracts';
import {
  asOfOf,
  asOfRequest,
  canViewHistory,
  meAsOf,
  parseAsOf,
  pathWithAsOf,
  viewOnly,
  withAsOf,
} from './asOf';

const at = '2026-03-01T09:30:00.000Z';

describe('parseAsOf', () => {
  it('normalises an instant with an offset to UTC', () => {
    expect(parseAsOf('2026-03-01T10:30:00+01:00')).toBe(at);
    expect(parseAsOf('2026-03-01T09:30:00Z')).toBe(at);
  });

  it('refuses what is not an ISO date-time with an offset', () => {
    expect(parseAsOf('2026-03-01')).toBeNull();
    expect(parseAsOf('2026-03-01T09:30:00')).toBeNull();
    expect(parseAsOf('yesterday')).toBeNull();
    expect(parseAsOf('')).toBeNull();
    expect(parseAsOf(null)).toBeNull();
  });

  it('takes a hand-typed + offset that URLSearchParams decoded to a space', () => {
    const typed = new URLSearchParams('asOf=2026-03-01T10:30:00+01:00');
    expect(typed.get('asOf')).toBe('2026-03-01T10:30:00 01:00');
    expect(asOfOf(typed)).toBe(at);
    // only an offset at the end: a space elsewhere stays malformed
    expect(parseAsOf('2026-03-01 10:30:00+01:00')).toBeNull();
  });
});

describe('the asOf URL parameter', () => {
  it('is read from, set on and removed from search parameters, keeping the others', () => {
    const params = new URLSearchParams('show-project=7&view=chart');
    const set = withAsOf(params, at);
    expect(asOfOf(set)).toBe(at);
    expect(set.get('show-project')).toBe('7');
    const cleared = withAsOf(set, null);
    expect(cleared.has('asOf')).toBe(false);
    expect(cleared.toString()).toBe('show-project=7&view=chart');
    expect(params.has('asOf')).toBe(false);
  });

  it('is kept on a navigation path', () => {
    expect(pathWithAsOf('/projects', at)).toBe(`/projects?asOf=${encodeURIComponent(at)}`);
    expect(pathWithAsOf('/admin?x=1', at)).toBe(`/admin?x=1&asOf=${encodeURIComponent(at)}`);
    expect(pathWithAsOf('/projects', null)).toBe('/projects');
  });
});

describe('view-only rights', () => {
  it('keep VIEW and drop CREATE and EDIT', () => {
    expect(viewOnly({ items: ['VIEW', 'CREATE', 'EDIT'], admin: ['EDIT'], history: ['VIEW'] })).toEqual({
      items: ['VIEW'],
      admin: [],
      history: ['VIEW'],
    });
  });

  it('apply to the user only while as-of is set', () => {
    const me = { username: 'ada', permissions: { items: ['VIEW', 'EDIT'] } } as unknown as MeView;
    expect(meAsOf(me, null)).toBe(me);
    expect(meAsOf(me, at)?.permissions).toEqual({ items: ['VIEW'] });
    expect(meAsOf(me, at)?.username).toBe('ada');
    expect(meAsOf(null, at)).toBeNull();
  });
});

describe('asOfRequest', () => {
  it('leaves every request alone while the console shows now', () => {
    expect(asOfRequest('/groups', null)).toEqual({ args: '/groups', refuse: false });
    expect(asOfRequest({ url: '/groups/1', live: true }, null)).toEqual({
      args: { url: '/groups/1' },
      refuse: false,
    });
  });

  it('adds asOf to GET queries, keeping their parameters', () => {
    expect(asOfRequest('/groups/1', at)).toEqual({
      args: { url: '/groups/1', params: { asOf: at } },
      refuse: false,
    });
    expect(asOfRequest({ url: '/timeline', params: { from: '2026-01-01' } }, at)).toEqual({
      args: { url: '/timeline', params: { from: '2026-01-01', asOf: at } },
      refuse: false,
    });
  });

  it('sends live queries and timeless ones without asOf', () => {
    expect(asOfRequest({ url: '/groups/1', live: true }, at)).toEqual({
      args: { url: '/groups/1' },
      refuse: false,
    });
    for (const url of ['/me', '/changes', '/history/group/1', '/auth/refresh'])
      expect(asOfRequest(url, at)).toEqual({ args: url, refuse: false });
  });

  it('refuses commands', () => {
    expect(asOfRequest({ url: '/commands/SaveGroup', method: 'POST', body: {} }, at).refuse).toBe(true);
    expect(asOfRequest({ url: '/auth/logout', method: 'POST' }, at).refuse).toBe(false);
  });
});

describe('canViewHistory', () => {
  it('is history VIEW, also for the view-only user of the past', () => {
    const auditor = { username: 'eve', permissions: { history: ['VIEW'] } } as unknown as MeView;
    const viewer = { username: 'vic', permissions: { items: ['VIEW'] } } as unknown as MeView;
    expect(canViewHistory(auditor)).toBe(true);
    expect(canViewHistory(meAsOf(auditor, at))).toBe(true);
    expect(canViewHistory(viewer)).toBe(false);
    expect(canViewHistory(null)).toBe(false);
  });
});

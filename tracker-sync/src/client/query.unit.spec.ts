import { segment, toQueryString } from './query';

describe('toQueryString', () => {
  it('serialises arrays as one comma list, not repeated parameters', () => {
    expect(toQueryString({ fields: ['summary', 'status', 'fixVersions'] })).toBe(
      '?fields=summary,status,fixVersions',
    );
    expect(toQueryString({ type: ['scrum', 'kanban'], startAt: 0 })).toBe('?type=scrum,kanban&startAt=0');
  });

  it('leaves out null, undefined and empty arrays', () => {
    expect(toQueryString({ a: null, b: undefined, c: [], d: false })).toBe('?d=false');
    expect(toQueryString({})).toBe('');
    expect(toQueryString(undefined)).toBe('');
  });

  it('encodes values so JQL cannot break the query', () => {
    const query = toQueryString({ jql: 'project = "A&B" AND key in (A-1, A-2)', maxResults: 5 });
    expect(new URLSearchParams(query).get('jql')).toBe('project = "A&B" AND key in (A-1, A-2)');
    expect(new URLSearchParams(query).get('maxResults')).toBe('5');
  });
});

describe('segment', () => {
  it('keeps a caller value inside one path segment', () => {
    expect(segment('ABC-1')).toBe('ABC-1');
    expect(segment('../admin?x=1')).toBe('..%2Fadmin%3Fx%3D1');
  });
});

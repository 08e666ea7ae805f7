import { describe, expect, it } from '@jest/globals';
import { readFilters, readRange, withFilter, withRange } from './timelineUrl';
import { dayMs, toMs, toServerDate } from './timeScale';

describe('timeline URL state', () => {
  it('reads the filters as id lists, ignoring junk, and writes them keeping other parameters', () => {
    const params = new URLSearchParams('project=3,4&status=0,x&new-item=3');
    expect(readFilters(params)).toEqual({
      project: ['3', '4'],
      status: ['0'],
      resource: [],
      application: [],
    });
    const next = withFilter(params, 'project', []);
    expect(next.get('project')).toBeNull();
    expect(next.get('new-item')).toBe('3');
    expect(withFilter(params, 'resource', ['5', '6']).get('resource')).toBe('5,6');
  });

  it('reads the window from the URL, else around today; writes whole days', () => {
    expect(readRange(new URLSearchParams('from=2026-01-01&to=2026-02-01'))).toEqual({
      start: toMs('2026-01-01'),
      end: toMs('2026-02-01'),
    });
    const fallback = readRange(new URLSearchParams('from=2026-02-01&to=2026-01-01'), new Date(2026, 10, 23));
    expect(toServerDate(fallback.start)).toBe('2026-11-09');
    const written = withRange(new URLSearchParams(), {
      start: toMs('2026-01-01T10:00'),
      end: toMs('2026-01-20T13:00'),
    });
    expect([written.get('from'), written.get('to')]).toEqual(['2026-01-01', '2026-01-21']);
    expect(toMs(written.get('to')!) - toMs(written.get('from')!)).toBe(20 * dayMs);
  });
});

import { describe, expect, it } from '@jest/globals';
import { sortRecords } from './sortRecords';

/** A row of a table sorted in the browser (the administration's roles and users). */
interface Row {
  readonly title: string;
  readonly priority: number;
  readonly end: string | null;
  readonly duration: number | null;
  readonly status: number;
}

const row = (fields: Partial<Row>): Row => ({
  title: 'a',
  priority: 0,
  end: null,
  duration: null,
  status: 0,
  ...fields,
});

const titles = (projects: readonly Row[]) => projects.map((p) => p.title);

describe('sortRecords', () => {
  it('sorts titles case-insensitively with numbers in natural order, both directions', () => {
    const projects = [row({ title: 'beta 10' }), row({ title: 'Alpha' }), row({ title: 'Beta 9' })];
    expect(titles(sortRecords(projects, 'title', 'asc'))).toEqual(['Alpha', 'Beta 9', 'beta 10']);
    expect(titles(sortRecords(projects, 'title', 'desc'))).toEqual(['beta 10', 'Beta 9', 'Alpha']);
  });

  it('sorts numeric columns by value, not by their text', () => {
    const projects = [
      row({ title: 'nine', priority: 9 }),
      row({ title: 'eighty', priority: 80 }),
      row({ title: 'zero', priority: 0 }),
    ];
    expect(titles(sortRecords(projects, 'priority', 'asc'))).toEqual(['zero', 'nine', 'eighty']);
    expect(titles(sortRecords(projects, 'priority', 'desc'))).toEqual(['eighty', 'nine', 'zero']);
  });

  it('sorts server dates chronologically and puts missing values last in either direction', () => {
    const projects = [
      row({ title: 'none', end: null, duration: null }),
      row({ title: 'late', end: '2027-01-10', duration: 5 }),
      row({ title: 'early', end: '2026-12-31', duration: 12 }),
    ];
    expect(titles(sortRecords(projects, 'end', 'asc'))).toEqual(['early', 'late', 'none']);
    expect(titles(sortRecords(projects, 'end', 'desc'))).toEqual(['late', 'early', 'none']);
    expect(titles(sortRecords(projects, 'duration', 'desc'))).toEqual(['early', 'late', 'none']);
  });

  it('keeps the input untouched and the given order for ties', () => {
    const projects = [row({ title: 'b', status: 3 }), row({ title: 'a', status: 3 })];
    expect(titles(sortRecords(projects, 'status', 'desc'))).toEqual(['b', 'a']);
    expect(titles(projects)).toEqual(['b', 'a']);
  });
});

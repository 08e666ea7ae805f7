import { describe, expect, it } from '@jest/globals';
import type { GroupView } from '@fahrplan/contracts';
import { sortProjects } from './sortProjects';
import { groupView } from './testing/groupView';

const titles = (projects: readonly GroupView[]) => projects.map((p) => p.title);

describe('sortProjects', () => {
  it('sorts titles case-insensitively with numbers in natural order, both directions', () => {
    const projects = [
      groupView({ title: 'beta 10' }),
      groupView({ title: 'Alpha' }),
      groupView({ title: 'Beta 9' }),
    ];
    expect(titles(sortProjects(projects, 'title', 'asc'))).toEqual(['Alpha', 'Beta 9', 'beta 10']);
    expect(titles(sortProjects(projects, 'title', 'desc'))).toEqual(['beta 10', 'Beta 9', 'Alpha']);
  });

  it('sorts numeric columns by value, not by their text', () => {
    const projects = [
      groupView({ title: 'nine', priority: 9 }),
      groupView({ title: 'eighty', priority: 80 }),
      groupView({ title: 'zero', priority: 0 }),
    ];
    expect(titles(sortProjects(projects, 'priority', 'asc'))).toEqual(['zero', 'nine', 'eighty']);
    expect(titles(sortProjects(projects, 'priority', 'desc'))).toEqual(['eighty', 'nine', 'zero']);
  });

  it('sorts server dates chronologically and puts missing values last in either direction', () => {
    const projects = [
      groupView({ title: 'none', end: null, duration: null }),
      groupView({ title: 'late', end: '2027-01-10', duration: 5 }),
      groupView({ title: 'early', end: '2026-12-31', duration: 12 }),
    ];
    expect(titles(sortProjects(projects, 'end', 'asc'))).toEqual(['early', 'late', 'none']);
    expect(titles(sortProjects(projects, 'end', 'desc'))).toEqual(['late', 'early', 'none']);
    expect(titles(sortProjects(projects, 'duration', 'desc'))).toEqual(['early', 'late', 'none']);
  });

  it('keeps the input untouched and the given order for ties', () => {
    const projects = [groupView({ title: 'b', status: 3 }), groupView({ title: 'a', status: 3 })];
    expect(titles(sortProjects(projects, 'status', 'desc'))).toEqual(['b', 'a']);
    expect(titles(projects)).toEqual(['b', 'a']);
  });
});

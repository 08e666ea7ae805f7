import { describe, expect, it } from '@jest/globals';
import { groupFieldsSchema } from '@fahrplan/contracts';
import type { GroupView } from '@fahrplan/contracts';
import { sortProjects } from './sortProjects';

let nextId = 1;

/** A project as the server lists it, with overridable fields. */
const aProject = (overrides: Partial<GroupView> = {}): GroupView => ({
  ...groupFieldsSchema.parse({ title: `Project ${nextId}` }),
  id: nextId++,
  tenant: 'demo',
  version: 0,
  deleted: false,
  shared: false,
  sharedWith: [],
  shares: [],
  budget: null,
  goals: [],
  priority: 0,
  duration: null,
  parentTitle: null,
  ...overrides,
});

const titles = (projects: readonly GroupView[]) => projects.map((p) => p.title);

describe('sortProjects', () => {
  it('sorts titles case-insensitively with numbers in natural order, both directions', () => {
    const projects = [
      aProject({ title: 'beta 10' }),
      aProject({ title: 'Alpha' }),
      aProject({ title: 'Beta 9' }),
    ];
    expect(titles(sortProjects(projects, 'title', 'asc'))).toEqual(['Alpha', 'Beta 9', 'beta 10']);
    expect(titles(sortProjects(projects, 'title', 'desc'))).toEqual(['beta 10', 'Beta 9', 'Alpha']);
  });

  it('sorts numeric columns by value, not by their text', () => {
    const projects = [
      aProject({ title: 'nine', priority: 9 }),
      aProject({ title: 'eighty', priority: 80 }),
      aProject({ title: 'zero', priority: 0 }),
    ];
    expect(titles(sortProjects(projects, 'priority', 'asc'))).toEqual(['zero', 'nine', 'eighty']);
    expect(titles(sortProjects(projects, 'priority', 'desc'))).toEqual(['eighty', 'nine', 'zero']);
  });

  it('sorts server dates chronologically and puts missing values last in either direction', () => {
    const projects = [
      aProject({ title: 'none', end: null, duration: null }),
      aProject({ title: 'late', end: '2027-01-10', duration: 5 }),
      aProject({ title: 'early', end: '2026-12-31', duration: 12 }),
    ];
    expect(titles(sortProjects(projects, 'end', 'asc'))).toEqual(['early', 'late', 'none']);
    expect(titles(sortProjects(projects, 'end', 'desc'))).toEqual(['late', 'early', 'none']);
    expect(titles(sortProjects(projects, 'duration', 'desc'))).toEqual(['early', 'late', 'none']);
  });

  it('keeps the input untouched and the given order for ties', () => {
    const projects = [aProject({ title: 'b', status: 3 }), aProject({ title: 'a', status: 3 })];
    expect(titles(sortProjects(projects, 'status', 'desc'))).toEqual(['b', 'a']);
    expect(titles(projects)).toEqual(['b', 'a']);
  });
});

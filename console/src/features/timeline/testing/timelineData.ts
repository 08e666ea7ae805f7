import { subgroupsOf } from '@fahrplan/contracts';
import type { TimelineGroup, TimelineItem } from '@fahrplan/contracts';

let nextItemId = 1;

/** Test fixture: a project row as GET /api/timeline answers it (title `Project <id>`, the implicit lanes). */
export const timelineGroup = (id: number, overrides: Partial<TimelineGroup> = {}): TimelineGroup => ({
  id,
  content: `Project ${id}`,
  subgroups: subgroupsOf([]),
  shared: false,
  tenant: 't1',
  status: 0,
  resource: null,
  jirarepo: null,
  ...overrides,
});

/** Test fixture: a task of project 1 from 2026-03-02 to 2026-03-05 (next id), with overridable fields. */
export const timelineItem = (overrides: Partial<TimelineItem> = {}): TimelineItem => ({
  id: nextItemId++,
  title: 'x',
  group: 1,
  subgroup: 'tasks',
  start: '2026-03-02T00:00',
  end: '2026-03-05T00:00',
  type: null,
  className: null,
  rank: null,
  status: 0,
  version: 0,
  shared: false,
  predecessors: [],
  successors: [],
  ...overrides,
});

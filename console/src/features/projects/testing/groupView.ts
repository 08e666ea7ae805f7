import { groupFieldsSchema, subgroupsOf } from '@fahrplan/contracts';
import type { GroupView } from '@fahrplan/contracts';

let nextId = 1;

/** Test fixture: a project as the server lists it (next id, title `Project <id>`), with overridable fields. */
export const groupView = (overrides: Partial<GroupView> = {}): GroupView => ({
  ...groupFieldsSchema.parse({ title: `Project ${nextId}` }),
  id: nextId++,
  calendar: 0,
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
  subgroups: subgroupsOf([]),
  ...overrides,
});

import { defaultSubgroups } from '@fahrplan/contracts';
import type { TimelineGroup, TimelineItem } from '@fahrplan/contracts';
import { timelineItem } from '../../items/timeline';

/** A row of the timeline (a project) with overridable defaults (STYLE 17). */
export const aTimelineGroup = (id: number, overrides: Partial<TimelineGroup> = {}): TimelineGroup => ({
  id,
  content: `Project ${String(id).padStart(3, '0')}`,
  subgroups: defaultSubgroups,
  shared: false,
  tenant: 'acme',
  status: 0,
  resource: null,
  jirarepo: null,
  ...overrides,
});

let nextItem = 1;

/**
 * A task of project `group` from `start` to `end` (days), as the timeline's query answers it (its
 * `timelineItem` view of a stored item), with overridable fields and a fresh id.
 */
export const aTimelineTask = (
  group: number,
  start: string,
  end: string,
  overrides: Partial<TimelineItem> = {},
): TimelineItem => {
  const id = nextItem++;
  const stored = {
    id,
    title: `Task ${id}`,
    group,
    subgroup: 'tasks',
    type: null,
    className: null,
    rank: null,
  };
  const dates = { start: `${start}T00:00`, end: `${end}T00:00` };
  return {
    ...timelineItem({ ...stored, ...dates, status: 0, version: 0, tenant: 'acme' }, 'acme'),
    ...overrides,
  };
};

/** A milestone of project `group` on `start` (a day). */
export const aTimelineMilestone = (group: number, start: string, title?: string): TimelineItem =>
  aTimelineTask(group, start, start, { end: null, subgroup: 'milestones', ...(title ? { title } : {}) });

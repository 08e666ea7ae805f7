import { describe, expect, it } from '@jest/globals';
import type { TimelineSummary, TimelineView } from '@fahrplan/contracts';
import { timelineGroup, timelineItem } from './testing/timelineData';
import { joinPages } from './timelinePages';

const group = (id: number) => timelineGroup(id);
const item = (id: number, groupId: number) => timelineItem({ id, group: groupId });

const summary = (groupId: number, taskCount: number): TimelineSummary => ({
  group: groupId,
  start: '2026-03-02T00:00',
  end: '2026-03-05T00:00',
  taskCount,
  milestoneCount: 0,
  milestones: [],
});

const page = (fields: Partial<TimelineView>): TimelineView => ({
  from: '2026-03-01',
  to: '2026-04-01',
  detail: 'items',
  groups: [],
  items: [],
  summaries: [],
  itemCount: 0,
  nextCursor: null,
  ...fields,
});

describe('the pages of rows loaded so far', () => {
  it('join in order with their items', () => {
    const rows = joinPages([
      page({ groups: [group(1), group(2)], items: [item(10, 1), item(20, 2)], nextCursor: 'c' }),
      page({ groups: [group(3)], items: [item(30, 3)] }),
    ]);
    expect(rows.groups.map((g) => g.id)).toEqual([1, 2, 3]);
    expect(rows.items.map((i) => i.id)).toEqual([10, 20, 30]);
    expect(rows).toMatchObject({ detail: 'items', summaries: null });
  });

  it('keep the first row of a project that comes again on a later page, and its items once', () => {
    const rows = joinPages([
      page({ groups: [group(1), group(2)], items: [item(10, 1)] }),
      page({ groups: [group(1), group(3)], items: [item(10, 1), item(30, 3)] }),
    ]);
    expect(rows.groups.map((g) => g.id)).toEqual([1, 2, 3]);
    expect(rows.items.map((i) => i.id)).toEqual([10, 30]);
  });

  it('collect the summaries by project when the pages summarise', () => {
    const rows = joinPages([
      page({ detail: 'summary', groups: [group(1), group(2)], summaries: [summary(1, 4)] }),
      page({ detail: 'summary', groups: [group(3)], summaries: [summary(3, 7)] }),
    ]);
    expect(rows.detail).toBe('summary');
    expect([...rows.summaries!.entries()].map(([id, s]) => [id, s.taskCount])).toEqual([
      [1, 4],
      [3, 7],
    ]);
    expect(joinPages([])).toEqual({ detail: 'items', groups: [], items: [], summaries: null });
  });
});

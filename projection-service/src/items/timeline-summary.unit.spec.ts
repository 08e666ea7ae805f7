import { timelineSummaryMilestones } from '@fahrplan/contracts';
import { seeded } from '@fahrplan/platform/testing';
import { groupStatsOf } from '../read-store/read-store';
import { summariesFromStats, summariesOf, summaryFields, summaryKeys, summaryOf } from './timeline-summary';
import type { SummarisedItem } from './timeline-summary';

let nextId = 100;
const item = (group: number, start: string, end: string | null, overrides: Partial<SummarisedItem> = {}) => {
  const id = (nextId += 1);
  return { id, title: `Item ${id}`, group, start, end, type: null, ...overrides };
};

describe('the summary bar of a project', () => {
  it('spans its items from the first start to the last end, a milestone ending where it starts', () => {
    const items = [
      item(7, '2026-03-10T00:00', '2026-03-20T00:00'),
      item(7, '2026-02-01T09:00', '2026-02-05T00:00'),
      item(7, '2026-04-15T00:00', null),
    ];
    expect(summaryOf(7, items)).toMatchObject({
      group: 7,
      start: '2026-02-01T09:00',
      end: '2026-04-15T00:00',
      taskCount: 2,
      milestoneCount: 1,
    });
    expect(summaryOf(7, items.slice(0, 2))).toMatchObject({ end: '2026-03-20T00:00', milestoneCount: 0 });
  });

  it('names the earliest milestones, at most five, by start and then id', () => {
    const milestones = ['2026-06-01', '2026-01-05', '2026-03-01', '2026-01-05', '2026-09-09', '2026-02-02']
      .map((day) => item(7, `${day}T00:00`, null))
      .concat(item(7, '2026-01-01T00:00', '2026-12-01T00:00'));
    const summary = summaryOf(7, milestones)!;
    expect(summary.milestoneCount).toBe(6);
    expect(summary.milestones).toHaveLength(timelineSummaryMilestones);
    expect(summary.milestones.map((m) => m.start.slice(0, 10))).toEqual([
      '2026-01-05',
      '2026-01-05',
      '2026-02-02',
      '2026-03-01',
      '2026-06-01',
    ]);
    expect(summary.milestones[0]!.id).toBeLessThan(summary.milestones[1]!.id);
    expect(summary.milestones[0]).toEqual({
      id: milestones[1]!.id,
      title: milestones[1]!.title,
      start: '2026-01-05T00:00',
    });
  });

  it('leaves backgrounds out, and is none when only backgrounds are in the window', () => {
    const shade = item(7, '2025-01-01T00:00', '2027-01-01T00:00', { type: 'background' });
    const task = item(7, '2026-03-10T00:00', '2026-03-20T00:00');
    expect(summaryOf(7, [shade, task])).toMatchObject({
      start: '2026-03-10T00:00',
      end: '2026-03-20T00:00',
      taskCount: 1,
    });
    expect(summaryOf(7, [shade])).toBeNull();
    expect(summaryOf(7, [])).toBeNull();
  });

  it("folds many projects' items into one summary each, in the rows' order, skipping rows without any", () => {
    const items = [
      item(3, '2026-03-01T00:00', null),
      item(1, '2026-03-02T00:00', '2026-03-04T00:00'),
      item(3, '2026-03-05T00:00', '2026-03-06T00:00'),
    ];
    expect(summariesOf([3, 2, 1], items).map((s) => [s.group, s.taskCount, s.milestoneCount])).toEqual([
      [3, 1, 1],
      [1, 1, 0],
    ]);
  });
});

describe('the summaries from stats per project and type', () => {
  it('equal the summaries of the items themselves, for random items of a few projects and types', () => {
    const { next: random, pick } = seeded(4711);
    for (let round = 0; round < 50; round++) {
      const items = Array.from({ length: Math.floor(random() * 40) }, () => {
        const start = `2026-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}T0${Math.floor(random() * 9)}:00`;
        const end =
          random() < 0.3 ? null : `2026-1${Math.floor(random() * 3)}-0${1 + Math.floor(random() * 9)}T00:00`;
        return item(pick([1, 2, 3, 4]), start, end, { type: pick([null, null, null, 'background']) });
      });
      const groups = [4, 2, 1, 5];
      const stats = groupStatsOf(items, summaryKeys, summaryFields);
      const milestones = items.filter((i) => i.type === null && i.end === null);
      expect(summariesFromStats(groups, stats, milestones)).toEqual(summariesOf(groups, items));
    }
  });
});

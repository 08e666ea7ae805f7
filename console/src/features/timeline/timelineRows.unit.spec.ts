import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import i18next from 'i18next';
import type { TimelineGroup } from '@fahrplan/contracts';
import { timelineGroup, timelineItem } from './testing/timelineData';
import {
  buildRows,
  buildSummaryRows,
  indexItems,
  rowKey,
  summaryCounts,
  summaryLane,
  visibleIn,
} from './timelineRows';
import { toMs } from './timeScale';
import { englishT } from '../i18n/testing';

const group = (id: number, extra: TimelineGroup['subgroups'] = []): TimelineGroup =>
  timelineGroup(id, { subgroups: [...timelineGroup(id).subgroups, ...extra] });
const item = timelineItem;

describe('summary rows', () => {
  it('one row per project, titled, counting its summarised items, or saying there are none', () => {
    const summary = {
      group: 1,
      start: '2026-03-02T00:00',
      end: '2026-05-01T00:00',
      taskCount: 1240,
      milestoneCount: 1,
      milestones: [],
    };
    const rows = buildSummaryRows(englishT('timeline'), [group(1), group(2)], new Map([[1, summary]]));
    expect(rows.map((r) => [r.key, r.laneName, r.first, r.last, r.groupTitle])).toEqual([
      [rowKey(1, summaryLane), '1,240 tasks, 1 milestone', true, true, 'Project 1'],
      [rowKey(2, summaryLane), 'No items in the window', true, true, 'Project 2'],
    ]);
  });

  it('counts in Swiss grouping with the plurals of the language shown', () => {
    const german = i18next.createInstance();
    void german.init({
      lng: 'de-CH',
      resources: {
        'de-CH': {
          timeline: JSON.parse(readFileSync(new URL('messages/de-CH.json', import.meta.url), 'utf8')),
        },
      },
      initAsync: false,
      interpolation: { escapeValue: false },
    });
    const counts = (taskCount: number, milestoneCount: number) =>
      summaryCounts(german.getFixedT('de-CH', 'timeline'), { taskCount, milestoneCount });
    expect(counts(1240, 1)).toBe("1'240 Aufgaben, 1 Meilenstein");
    expect(counts(1, 0)).toBe('1 Aufgabe, 0 Meilensteine');
  });
});

describe('lane rows', () => {
  it('one row per lane, projects in order, first and last lane marked', () => {
    const rows = buildRows(
      [group(1, [{ id: 'lane-1', name: 'Backend', type: 'INDIVIDUAL' }]), group(2)],
      (lane) => lane.name,
    );
    expect(rows.map((r) => r.key)).toEqual([
      '1|tasks',
      '1|milestones',
      '1|lane-1',
      '2|tasks',
      '2|milestones',
    ]);
    expect(rows.map((r) => [r.first, r.last])).toEqual([
      [true, false],
      [false, false],
      [false, true],
      [true, false],
      [false, true],
    ]);
    // the lane's type decides whether it can be renamed (only INDIVIDUAL lanes)
    expect(rows.slice(0, 3).map((r) => [r.laneName, r.laneType])).toEqual([
      ['Tasks', 'tasks'],
      ['Milestones', 'milestones'],
      ['Backend', 'INDIVIDUAL'],
    ]);
  });
});

describe('indexing items into lanes', () => {
  it('sorts items into lanes and backgrounds; unknown lanes fall back to the default of their kind', () => {
    const groups = [group(1, [{ id: 'lane-1', name: 'Backend', type: 'INDIVIDUAL' }])];
    const index = indexItems(groups, [
      item({ subgroup: 'lane-1' }),
      item({ subgroup: 'gone' }),
      item({ subgroup: 'gone', end: null }),
      item({ type: 'background', subgroup: null }),
      item({ type: 'lane-background', subgroup: 'lane-1' }),
      item({ group: 99 }),
    ]);
    expect(index.byRow.get('1|lane-1')).toHaveLength(1);
    expect(index.byRow.get('1|tasks')).toHaveLength(1);
    expect(index.byRow.get('1|milestones')).toHaveLength(1);
    expect(index.groupBackgrounds.get(1)).toHaveLength(1);
    expect(index.laneBackgrounds.get(rowKey(1, 'lane-1'))).toHaveLength(1);
    expect([...index.byRow.values()].flat().some((p) => p.item.group === 99)).toBe(false);
  });

  it('stacks overlapping items in slots and reuses a slot once free', () => {
    const index = indexItems(
      [group(1)],
      [
        item({ start: '2026-03-01T00:00', end: '2026-03-10T00:00' }),
        item({ start: '2026-03-05T00:00', end: '2026-03-06T00:00' }),
        item({ start: '2026-03-10T00:00', end: '2026-03-12T00:00' }),
      ],
    );
    expect(index.byRow.get('1|tasks')!.map((p) => p.slot)).toEqual([0, 1, 0]);
    expect(index.slots.get('1|tasks')).toBe(2);
  });
});

describe('only items overlapping the window render', () => {
  it('keeps ranges and points that touch the window, end exclusive', () => {
    const index = indexItems(
      [group(1)],
      [
        item({ title: 'before', start: '2026-01-01T00:00', end: '2026-02-01T00:00' }),
        item({ title: 'across', start: '2026-01-15T00:00', end: '2026-03-15T00:00' }),
        item({ title: 'inside', start: '2026-02-10T00:00', end: '2026-02-12T00:00' }),
        item({ title: 'after', start: '2026-03-01T00:00', end: '2026-03-05T00:00' }),
      ],
    );
    const range = { start: toMs('2026-02-01'), end: toMs('2026-03-01') };
    expect(visibleIn(index.byRow.get('1|tasks')!, range).map((p) => p.item.title)).toEqual([
      'across',
      'inside',
    ]);
  });

  it('keeps a milestone on the window start, drops it on the end, and widens by the margin', () => {
    const index = indexItems(
      [group(1)],
      ['2026-01-31T00:00', '2026-02-01T00:00', '2026-03-01T00:00'].map((start) =>
        item({ title: start.slice(0, 10), start, end: null, subgroup: 'milestones' }),
      ),
    );
    const range = { start: toMs('2026-02-01'), end: toMs('2026-03-01') };
    const points = index.byRow.get('1|milestones')!;
    expect(visibleIn(points, range).map((p) => p.item.title)).toEqual(['2026-02-01']);
    expect(visibleIn(points, range, 86_400_000).map((p) => p.item.title)).toEqual([
      '2026-01-31',
      '2026-02-01',
      '2026-03-01',
    ]);
  });
});

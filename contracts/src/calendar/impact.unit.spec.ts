import { describe, expect, it } from '@jest/globals';
import type { Dependency, DependencyGraph } from '../dependency/dependency';
import { publicHolidays } from '../rules/calendar';
import { bernDefinition } from './definition';
import type { CalendarRules, CompanyDay, HolidaysOf } from './definition';
import {
  affectedItems,
  candidateDays,
  changeSpan,
  changedDays,
  changedDaysDelta,
  impactPerProject,
  windowsOf,
} from './impact';
import { withCalendarVersion } from './calendar';
import { calendarRules } from './rules';
import type { PreviewCandidate, RulesPair } from './impact';
import { movedMilestones } from './impact-schedule';
import type { PreviewScheduledItem } from './impact-schedule';

// Bern 2026 (§9): Monday 3 August is a working day, Saturday 1 August the national day.

// calendarRules with §9's nine Bern holidays as the region's (platform checks the library's own)
const bernHolidays: HolidaysOf = (_region, year) => publicHolidays(year);
const companyDay = (date: string, kind: 'closed' | 'half'): CompanyDay => ({
  date,
  kind,
  yearly: false,
  name: 'Betriebsferien',
});
const rulesWith = (...days: CompanyDay[]): CalendarRules =>
  calendarRules(
    [{ effectiveFrom: null, definition: { ...bernDefinition, companyDays: days } }],
    bernHolidays,
  );

const bern = rulesWith();
const closing = rulesWith(companyDay('2026-08-05', 'closed'));
const task = (id: number, start: string, end: string | null, group = 1): PreviewCandidate => ({
  id,
  group,
  title: `item ${id}`,
  start: `${start}T00:00`,
  end: end === null ? null : `${end}T00:00`,
});
const pair = (before: CalendarRules, after: CalendarRules): RulesPair => ({ before, after });

describe('the changed days', () => {
  it('are the days whose value differs, with their values before and after', () => {
    const after = rulesWith(
      companyDay('2026-08-05', 'closed'),
      companyDay('2026-08-06', 'half'),
      companyDay('2026-08-08', 'closed'),
    );
    expect(changedDays(bern, after, '2026-08-01', '2026-09-01')).toEqual([
      { date: '2026-08-05', before: 1, after: 0 },
      { date: '2026-08-06', before: 1, after: 0.5 },
    ]);
  });

  it('are none outside the span asked for', () => {
    expect(changedDays(bern, closing, '2026-08-06', '2026-09-01')).toEqual([]);
  });

  it('a change reaches from its effective date until the next later version', () => {
    const versions = [
      { effectiveFrom: null, definition: bernDefinition },
      { effectiveFrom: '2027-01-01', definition: { ...bernDefinition, region: 'ZH' as const } },
    ];
    expect(changeSpan(versions, '2026-06-01')).toEqual({ from: '2026-06-01', to: '2027-01-01' });
    expect(changeSpan(versions, '2027-06-01')).toEqual({ from: '2027-06-01', to: '2201-01-01' });
  });
});

describe('the candidate days of a change', () => {
  const yearly: CompanyDay = { ...companyDay('2020-12-24', 'closed'), yearly: true };
  const working = { date: '2026-08-08', name: 'Inventur' };

  it("are the dates of either definition's company days and exceptions, a yearly day in every year", () => {
    const before = { ...bernDefinition, companyDays: [companyDay('2026-08-05', 'closed')] };
    const after = { ...bernDefinition, companyDays: [yearly], exceptions: [working] };
    expect(candidateDays(before, after, '2026-01-01', '2028-06-01')).toEqual([
      '2026-08-05',
      '2026-12-24',
      '2027-12-24',
      '2026-08-08',
    ]);
    const changed = changedDays(
      calendarRules([{ effectiveFrom: null, definition: before }], bernHolidays),
      calendarRules([{ effectiveFrom: null, definition: after }], bernHolidays),
      '2026-01-01',
      '2028-06-01',
      candidateDays(before, after, '2026-01-01', '2028-06-01')!,
    );
    expect(changed).toEqual([
      { date: '2026-08-05', before: 0, after: 1 },
      { date: '2026-08-08', before: 0, after: 1 },
      { date: '2026-12-24', before: 1, after: 0 },
      { date: '2027-12-24', before: 1, after: 0 },
    ]);
  });

  it('are every day when the canton or the working weekdays differ', () => {
    expect(
      candidateDays(bernDefinition, { ...bernDefinition, region: 'ZH' }, '2026-01-01', '2027-01-01'),
    ).toBeNull();
    const fourDays = { ...bernDefinition, workingWeekdays: [1, 2, 3, 4] };
    expect(candidateDays(bernDefinition, fourDays, '2026-01-01', '2027-01-01')).toBeNull();
    expect(
      candidateDays(
        bernDefinition,
        { ...bernDefinition, workingWeekdays: [5, 4, 3, 2, 1] },
        '2026-01-01',
        '2027-01-01',
      ),
    ).toEqual([]);
  });
});

describe('the windows of the changed days', () => {
  it('join days less than a month apart and keep others apart', () => {
    expect(windowsOf(['2026-08-05', '2026-08-20', '2026-12-24'])).toEqual([
      { from: '2026-08-05', to: '2026-08-21' },
      { from: '2026-12-24', to: '2026-12-25' },
    ]);
  });

  it('merge over the smallest gaps beyond the most windows', () => {
    const days = ['2026-01-01', '2026-03-01', '2026-03-10', '2027-01-01'];
    expect(windowsOf(days, 1, 2)).toEqual([
      { from: '2026-01-01', to: '2026-03-11' },
      { from: '2027-01-01', to: '2027-01-02' },
    ]);
  });

  it('are none without changed days', () => {
    expect(windowsOf([])).toEqual([]);
  });
});

describe('the affected items of a company closing day', () => {
  const candidates = [
    task(1, '2026-08-03', '2026-08-08'),
    task(2, '2026-08-06', '2026-08-10'),
    task(3, '2026-08-05', null),
    task(4, '2026-08-04', '2026-08-06', 2),
    task(5, '2026-08-05', '2026-08-06', 3),
  ];

  it('are the tasks spanning it, each with its working days before and after', () => {
    const found = affectedItems(candidates, (project) => (project === 3 ? null : pair(bern, closing)));
    expect(found).toEqual([
      {
        id: 1,
        project: 1,
        title: 'item 1',
        start: '2026-08-03T00:00',
        end: '2026-08-08T00:00',
        before: 5,
        after: 4,
      },
      {
        id: 4,
        project: 2,
        title: 'item 4',
        start: '2026-08-04T00:00',
        end: '2026-08-06T00:00',
        before: 2,
        after: 1,
      },
    ]);
    expect(impactPerProject(found)).toEqual([
      { project: 1, items: 1, delta: -1 },
      { project: 2, items: 1, delta: -1 },
    ]);
  });

  it('count a half day ½', () => {
    const half = rulesWith(companyDay('2026-08-05', 'half'));
    const found = affectedItems(candidates, () => pair(bern, half));
    expect(found.map((i) => [i.id, i.before, i.after])).toEqual([
      [1, 5, 4.5],
      [4, 2, 1.5],
      [5, 1, 0.5],
    ]);
    expect(impactPerProject(found)).toEqual([
      { project: 1, items: 1, delta: -0.5 },
      { project: 2, items: 1, delta: -0.5 },
      { project: 3, items: 1, delta: -0.5 },
    ]);
  });

  it('are none where the rules agree (a day already closed)', () => {
    const weekend = rulesWith(companyDay('2026-08-08', 'closed'));
    expect(affectedItems(candidates, () => pair(bern, weekend))).toEqual([]);
  });

  it('are none when the change applies only after them', () => {
    const base = [{ effectiveFrom: null, definition: bernDefinition }];
    const closed = { ...bernDefinition, companyDays: [companyDay('2026-08-05', 'closed')] };
    const later = calendarRules(
      withCalendarVersion(base, { effectiveFrom: '2026-08-10', definition: closed }),
      bernHolidays,
    );
    const span = changeSpan(base, '2026-08-10');
    expect(changedDays(bern, later, span.from, '2027-01-01')).toEqual([]);
    expect(affectedItems(candidates, () => pair(bern, later))).toEqual([]);
    const sooner = calendarRules(
      withCalendarVersion(base, { effectiveFrom: '2026-08-01', definition: closed }),
      bernHolidays,
    );
    expect(affectedItems(candidates, () => pair(bern, sooner)).map((i) => i.id)).toEqual([1, 4, 5]);
  });

  it('change by the sum over the changed days they span, as counting before and after answers', () => {
    const half = rulesWith(companyDay('2026-08-05', 'half'), companyDay('2026-08-07', 'closed'));
    const days = changedDays(bern, half, '2026-08-01', '2026-09-01');
    expect(days.map((d) => d.date)).toEqual(['2026-08-05', '2026-08-07']);
    const delta = changedDaysDelta(days);
    for (const item of candidates.filter((c) => c.end !== null)) {
      const [start, end] = [item.start.slice(0, 10), item.end!.slice(0, 10)];
      expect([item.id, delta(start, end)]).toEqual([
        item.id,
        half.countWorkingDays(start, end) - bern.countWorkingDays(start, end),
      ]);
    }
    expect(delta('2026-08-03', '2026-08-08')).toBe(-1.5);
    expect(delta('2026-08-06', '2026-08-07')).toBe(0);
  });

  it('name an item found in two windows once', () => {
    expect(affectedItems([candidates[0]!, candidates[0]!], () => pair(bern, closing))).toHaveLength(1);
  });
});

describe('the milestones automatic scheduling moves', () => {
  const scheduled = (item: PreviewCandidate, automatic = true): PreviewScheduledItem => ({
    ...item,
    title: item.title ?? `#${item.id}`,
    automatic,
  });
  const graphOf = (...links: [number, number, number][]): DependencyGraph => {
    const byId = new Map(
      links.map(([predecessor, successor, lag], i) => [
        i + 1,
        { id: i + 1, predecessor, successor, type: 'finish-to-start' as const, lag },
      ]),
    );
    const successors = new Map<number, Dependency[]>();
    for (const d of byId.values())
      successors.set(d.predecessor, [...(successors.get(d.predecessor) ?? []), d]);
    return { byId, successors };
  };
  // task 1 spans the closing day and ends Friday 7 August; milestone 2 follows it, then task 3, then milestone 4
  const items = (automatic: boolean) =>
    new Map(
      [
        scheduled(task(1, '2026-08-03', '2026-08-08'), automatic),
        scheduled(task(2, '2026-08-10', null), automatic),
        scheduled(task(3, '2026-08-10', '2026-08-12'), automatic),
        scheduled(task(4, '2026-08-12', null), automatic),
      ].map((i) => [i.id, i]),
    );
  const graph = graphOf([1, 2, 0], [2, 3, 0], [3, 4, 0]);
  const affected = (all: ReadonlyMap<number, PreviewCandidate>) =>
    affectedItems(all.values(), () => pair(bern, closing));

  it('in an automatic project: the task keeps its working days, its successors follow a day later', () => {
    const all = items(true);
    expect(
      movedMilestones({ graph, items: all, affected: affected(all), rulesOf: () => pair(bern, closing) }),
    ).toEqual([
      { id: 2, project: 1, title: 'item 2', before: '2026-08-10T00:00', after: '2026-08-11T00:00' },
      { id: 4, project: 1, title: 'item 4', before: '2026-08-12T00:00', after: '2026-08-13T00:00' },
    ]);
  });

  it('in a manual project: none', () => {
    const all = items(false);
    expect(
      movedMilestones({ graph, items: all, affected: affected(all), rulesOf: () => pair(bern, closing) }),
    ).toEqual([]);
  });

  it('a successor with slack enough stays', () => {
    const all = new Map(items(true));
    all.set(2, scheduled(task(2, '2026-08-12', null)));
    const moved = movedMilestones({
      graph,
      items: all,
      affected: affected(all),
      rulesOf: () => pair(bern, closing),
    });
    expect(moved).toEqual([]);
  });
});

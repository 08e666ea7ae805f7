import { describe, expect, it } from '@jest/globals';
import type { BaselineComparison, ComparedItem } from '@fahrplan/contracts';
import { englishT } from '../i18n/testing';
import {
  comparisonSections,
  csvFileName,
  datesLabel,
  defaultWindow,
  linkedWindow,
  slipLabel,
} from './comparisonRows';

const t = englishT('baselines');

describe('slipLabel', () => {
  it('signs a slip in working days, with a true minus', () => {
    expect(slipLabel(3, t)).toBe('+3 WD');
    expect(slipLabel(-2, t)).toBe('−2 WD');
    expect(slipLabel(0, t)).toBe('0 WD');
    expect(slipLabel(null, t)).toBe('');
  });
});

describe('datesLabel', () => {
  it('shows the stored exclusive end as the last day, a milestone by its date', () => {
    expect(datesLabel({ start: '2031-04-07T00:00', end: '2031-04-10T00:00' })).toBe(
      '07.04.2031 – 09.04.2031',
    );
    expect(datesLabel({ start: '2031-04-22T00:00', end: null })).toBe('22.04.2031');
    expect(datesLabel({ start: '2031-04-22T00:00', end: '2031-04-23T00:00' })).toBe('22.04.2031');
    expect(datesLabel(null)).toBe('');
  });
});

describe('comparisonSections', () => {
  const item = (id: number, group: number, change: ComparedItem['change']): ComparedItem => ({
    id,
    title: `item ${id}`,
    group,
    type: null,
    change,
    then: null,
    now: null,
    startSlip: null,
    endSlip: null,
  });
  const project = (id: number) => ({
    id,
    title: `p${id}`,
    shared: false,
    slipped: 0,
    added: 0,
    removed: 0,
    unchanged: 0,
    slip: 0,
  });
  const page = (groups: number[], items: ComparedItem[]) =>
    ({ groups: groups.map(project), items }) as unknown as BaselineComparison;

  it('puts each item under its project, across pages, leaving out the unchanged unless asked, and projects with nothing to show', () => {
    const pages = [
      page([1], [item(10, 1, 'slipped'), item(11, 1, 'unchanged')]),
      page([2], [item(20, 2, 'added')]),
    ];
    expect(comparisonSections(pages, false).map((s) => [s.project.id, s.items.map((i) => i.id)])).toEqual([
      [1, [10]],
      [2, [20]],
    ]);
    expect(comparisonSections(pages, true)[0]!.items.map((i) => i.id)).toEqual([10, 11]);
    const quiet = [page([3], [item(30, 3, 'unchanged')])];
    expect(comparisonSections(quiet, false)).toEqual([]);
    expect(comparisonSections(quiet, true)).toHaveLength(1);
  });
});

describe('defaultWindow and csvFileName', () => {
  it('opens three months from the start of this month', () =>
    expect(defaultWindow(new Date(2026, 10, 28, 15))).toEqual({ from: '2026-11-01', to: '2027-02-01' }));

  it('names the file after the baseline and the window', () =>
    expect(csvFileName('Q2 / commitment', '2031-04-01', '2031-05-01')).toBe(
      'Q2-commitment_2031-04-01_2031-05-01.csv',
    ));
});

describe('linkedWindow', () => {
  const linked = (query: string) => linkedWindow(new URLSearchParams(query));

  it('takes the window a link asks for when a comparison answers it', () => {
    expect(linked('baseline=3&from=2027-01-01&to=2027-04-01')).toEqual({
      from: '2027-01-01',
      to: '2027-04-01',
    });
    expect(linked('from=2027-01-01&to=2028-01-02')).toEqual({ from: '2027-01-01', to: '2028-01-02' });
  });

  it('ignores a missing, malformed, empty, reversed or longer than a year window', () => {
    expect(linked('baseline=3')).toBeNull();
    expect(linked('from=2027-01-01&to=01.04.2027')).toBeNull();
    expect(linked('from=2027-01-01&to=2027-01-01')).toBeNull();
    expect(linked('from=2027-04-01&to=2027-01-01')).toBeNull();
    expect(linked('from=2027-01-01&to=2028-01-03')).toBeNull();
  });
});

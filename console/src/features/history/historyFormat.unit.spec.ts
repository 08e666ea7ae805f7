import { describe, expect, it } from '@jest/globals';
import {
  changeLine,
  describeCommand,
  exportFileName,
  exportPath,
  formatChangeTime,
  sourceBadge,
  summariseFieldValue,
  truncateText,
} from './historyFormat';
import { optionListsOf } from '@fahrplan/contracts';
import { NO_VALUE } from '../common/summariseValue';
import { historyParams } from './historyApi';

describe('formatChangeTime', () => {
  it("shows an instant in the user's time zone, with seconds", () => {
    // built from local components, so the expectation holds in any time zone the tests run in
    const at = new Date(2026, 10, 3, 9, 5, 7).toISOString();
    expect(formatChangeTime(at)).toBe('03.11.2026 09:05:07');
  });

  it('shows what is not a date as it came', () => {
    expect(formatChangeTime('yesterday')).toBe('yesterday');
  });
});

describe('sourceBadge', () => {
  it.each([
    ['flow:save-project/step-2', 'flow', 'flow: save-project/step 2'],
    ['flow:save-item/comment', 'flow', 'flow: save-item/comment'],
    ['share:tenantB', 'share', 'shared by tenantB'],
    ['tracker:Jira Cloud', 'tracker', 'tracker: Jira Cloud'],
    ['provisioning', 'system', 'provisioning'],
    ['oidc', 'system', 'single sign-on'],
    ['import-2019', 'other', 'import-2019'],
  ])('labels %p as %p: %p', (source, kind, label) => {
    expect(sourceBadge(source)).toMatchObject({ kind, label });
  });

  it('gives no badge to a change typed by a person', () => {
    expect(sourceBadge(null)).toBeNull();
    expect(sourceBadge('  ')).toBeNull();
  });

  it('tells the kinds apart by colour', () => {
    const colours = ['flow:a/step-1', 'share:b', 'tracker:c', 'provisioning'].map(
      (s) => sourceBadge(s)!.color,
    );
    expect(new Set(colours).size).toBe(4);
  });
});

describe('summariseFieldValue', () => {
  it('shows an end as the last day, as the dialogs do (stored exclusive)', () => {
    expect(summariseFieldValue('end', '2027-06-01')).toBe('31.05.2027');
    expect(summariseFieldValue('end', '2027-03-05T00:00')).toBe('04.03.2027 00:00');
    expect(summariseFieldValue('end', '2027-03-05T14:30')).toBe('05.03.2027 14:30');
    expect(summariseFieldValue('end', null)).toBe(NO_VALUE);
  });

  it('shows other dates as they are stored', () => {
    expect(summariseFieldValue('start', '2027-06-01')).toBe('01.06.2027');
    expect(summariseFieldValue('title', 'Apollo')).toBe('Apollo');
  });
});

describe('truncateText', () => {
  it('keeps a short text whole', () => {
    expect(truncateText('short', 10)).toEqual({ text: 'short', truncated: false });
  });

  it('cuts a long text at a word near the limit and marks the cut', () => {
    const long = 'The quick brown fox jumps over the lazy dog';
    const { text, truncated } = truncateText(long, 20);
    expect(truncated).toBe(true);
    expect(text).toBe('The quick brown fox…');
    expect(text.length).toBeLessThanOrEqual(21);
  });

  it('cuts a text without spaces at the limit, counting characters not code units', () => {
    expect(truncateText('ü'.repeat(5) + '😀'.repeat(10), 8).text).toBe(`üüüüü😀😀😀…`);
  });
});

describe('row pieces', () => {
  it('names the command and the event, or the event alone for old events', () => {
    expect(describeCommand({ command: 'SaveGroup', event: 'GroupSaved' })).toBe('SaveGroup · GroupSaved');
    expect(describeCommand({ command: null, event: 'GroupCreated' })).toBe('GroupCreated');
  });

  it('summarises both sides of a change', () => {
    expect(changeLine({ field: 'title', before: null, after: 'Apollo' })).toEqual({
      field: 'title',
      before: NO_VALUE,
      after: 'Apollo',
    });
  });

  it("shows a code by its label in the tenant's list: a project's status, an item's status", () => {
    const lists = optionListsOf({
      itemStatus: [
        { value: 0, label: 'To do', colour: 'gray', done: false },
        { value: 5, label: 'Finished', colour: 'green', done: true },
      ],
    });
    expect(changeLine({ field: 'status', before: 3, after: 6 }, 'group-12', lists)).toEqual({
      field: 'status',
      before: 'Planned',
      after: 'Completed',
    });
    expect(changeLine({ field: 'status', before: 0, after: 4 }, 'item-9', lists)).toEqual({
      field: 'status',
      before: 'To do',
      after: '4 (not listed)',
    });
    expect(changeLine({ field: 'healthStatus', before: null, after: 2 }, 'group-12', lists).after).toBe(
      'At risk',
    );
    // a field no list names, and a status of a record without lists, stay as they are
    expect(changeLine({ field: 'metric1', before: 1, after: 2 }, 'group-12', lists).after).toBe('2');
    expect(changeLine({ field: 'status', before: 'x', after: 'y' }, 'application-3', lists).after).toBe('y');
  });

  it('names the downloads after the project', () => {
    expect(exportFileName(42, 'csv')).toBe('project-42-history.csv');
    expect(exportFileName(42, 'events')).toBe('project-42-events.json');
    expect(exportPath(42, 'csv')).toBe('/history/group/42/export.csv');
    expect(exportPath(42, 'events')).toBe('/history/group/42/events.json');
  });

  it('sends only the filters that are set', () => {
    const base = { category: 'group' as const, id: 7, limit: 50 };
    expect(historyParams({ ...base, field: null, user: '' }, 'page-2')).toEqual({
      limit: '50',
      cursor: 'page-2',
    });
    expect(historyParams({ ...base, field: 'title', user: 'admin' }, null)).toEqual({
      limit: '50',
      field: 'title',
      user: 'admin',
    });
  });
});

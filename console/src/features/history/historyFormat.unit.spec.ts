import { describe, expect, it } from '@jest/globals';
import {
  changeLine,
  describeCommand,
  exportFileName,
  exportPath,
  formatChangeTime,
  sourceBadge,
  listEntries,
  listEntryText,
  shownChanges,
  summariseFieldValue,
  truncateText,
  viaLine,
} from './historyFormat';
import type { ChangeContext, ChangeLine } from './historyFormat';
import { defaultOptionLists, optionListsOf } from '@fahrplan/contracts';
import type { HistoryChange } from '@fahrplan/contracts';
import { NO_VALUE } from '../common/summariseValue';
import { historyParams } from './historyApi';
import { englishT } from '../i18n/testing';

const t = englishT('history');

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
    expect(sourceBadge(source, t)).toMatchObject({ kind, label });
  });

  it('names the scenario a change was published from as the page names it, else by its id', () => {
    const refs = { 'scenario:17': [{ position: 3, name: 'Q3 cut' }] };
    expect(sourceBadge('scenario:17', t, { refs, position: 40 })).toMatchObject({
      kind: 'scenario',
      label: 'from scenario Q3 cut',
    });
    expect(sourceBadge('scenario:18', t, { refs, position: 40 })).toMatchObject({
      label: 'from scenario #18',
    });
    expect(sourceBadge('scenario:x', t)).toMatchObject({ kind: 'other', label: 'scenario:x' });
  });

  it('gives no badge to a change typed by a person', () => {
    expect(sourceBadge(null, t)).toBeNull();
    expect(sourceBadge('  ', t)).toBeNull();
  });

  it('tells the kinds apart by colour', () => {
    const colours = ['flow:a/step-1', 'share:b', 'tracker:c', 'scenario:1', 'provisioning'].map(
      (s) => sourceBadge(s, t)!.color,
    );
    expect(new Set(colours).size).toBe(5);
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

  it('shows an amount with two decimals and grouped thousands', () => {
    expect(summariseFieldValue('amount', 1234.5)).toBe("1'234.50");
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

/** A row's context: a project's, at position 100, with default lists and the names below. */
const context = (overrides: Partial<ChangeContext> = {}): ChangeContext => ({
  stream: 'group-12',
  position: 100,
  lists: defaultOptionLists,
  t,
  refs: {
    'group:7': [
      { position: 10, name: 'Platform' },
      { position: 150, name: 'Platform 2030' },
    ],
    'group:8': [{ position: 20, name: 'Cloud move' }],
    'goal:179': [{ position: 5, name: 'Cloud first' }],
    'goal:180': [{ position: 6, name: 'Lower cost' }],
    'application:3': [{ position: 7, name: 'CRM' }],
    'resource:54': [
      { position: 8, name: 'Team Blue' },
      { position: 90, name: 'Team Ocean' },
    ],
  },
  ...overrides,
});

/** A value line's before and after texts. */
const texts = (line: ChangeLine): [string, string] => {
  if (line.kind !== 'value') throw new Error(`a value line, not ${line.kind}`);
  return [line.before.text, line.after.text];
};

/** A list line's entries as text. */
const entryTexts = (line: ChangeLine): string[] => {
  if (line.kind !== 'list') throw new Error(`a list line, not ${line.kind}`);
  return line.entries.map(listEntryText);
};

describe('references (issue 19)', () => {
  it("names a referenced record as it was at the row's position, with a link to its dialog", () => {
    const line = changeLine({ field: 'parent', before: 8, after: 7 }, context());
    expect(line).toMatchObject({
      kind: 'value',
      label: 'Parent project',
      before: { text: 'Cloud move', link: { param: 'show-project', id: 8 } },
      after: { text: 'Platform', link: { param: 'show-project', id: 7 } },
    });
    // renamed later: a later row names it by the later name
    expect(texts(changeLine({ field: 'parent', before: 8, after: 7 }, context({ position: 200 })))[1]).toBe(
      'Platform 2030',
    );
  });

  it("names an item's project and resource, a resource without a link", () => {
    const project = changeLine({ field: 'group', before: null, after: 7 }, context({ stream: 'item-9' }));
    expect(project).toMatchObject({ label: 'Project', after: { text: 'Platform', link: { id: 7 } } });
    const resource = changeLine(
      { field: 'resource', before: 54, after: null },
      context({ stream: 'item-9' }),
    );
    expect(resource).toMatchObject({ before: { text: 'Team Ocean', link: null }, after: { text: NO_VALUE } });
  });

  it('shows a record the page does not name by its id', () => {
    expect(texts(changeLine({ field: 'resource', before: null, after: 99 }, context()))[1]).toBe('#99');
  });

  it("names another tenant's parent project by its title only while shared with the viewer, else by its owner", () => {
    // shared and accepted at 30, retitled at 60, unshared at 120, shared again at 300
    const refs = {
      'group:40': [
        { position: 10, name: null, tenant: 'acme' },
        { position: 30, name: 'Joint venture', tenant: 'acme' },
        { position: 60, name: 'Joint venture 2', tenant: 'acme' },
        { position: 120, name: null, tenant: 'acme' },
        { position: 300, name: 'Joint venture 3', tenant: 'acme' },
      ],
    };
    const at = (position: number) =>
      changeLine({ field: 'parent', before: null, after: 40 }, context({ position, refs }));
    expect(at(50)).toMatchObject({
      after: { text: 'Joint venture', link: { param: 'show-project', id: 40 } },
    });
    expect(texts(at(100))[1]).toBe('Joint venture 2');
    expect(at(200)).toMatchObject({ after: { text: 'a project of acme', link: null } });
    expect(texts(at(5))[1]).toBe('a project of acme');
    expect(texts(at(300))[1]).toBe('Joint venture 3');
  });

  it('leaves numbers of fields that are no references as numbers', () => {
    expect(texts(changeLine({ field: 'parentOrder', before: 7, after: 1200 }, context()))).toEqual([
      '7',
      '1200',
    ]);
  });
});

describe("a project's scheduling (issue 21)", () => {
  it('is labelled as the dialog labels it, its modes by their names', () => {
    const line = changeLine({ field: 'scheduling', before: null, after: 'automatic' }, context());
    expect(line.label).toBe('Scheduling');
    expect(
      texts(changeLine({ field: 'scheduling', before: 'manual', after: 'automatic' }, context())),
    ).toEqual(['Manual', 'Automatic']);
  });
});

describe("rows of a project's event that took an item along (issue 19)", () => {
  const itemContext = context({ stream: 'group-7', position: 100 });
  const via = { category: 'group' as const, id: 7 };

  it('says the item was deleted or restored with its project, named as it was then, with its link', () => {
    expect(
      viaLine({ via, changes: [{ field: 'deleted', before: false, after: true }] }, itemContext),
    ).toEqual({
      text: 'deleted with project',
      record: { text: 'Platform', link: { param: 'show-project', id: 7 } },
    });
    const restored = viaLine(
      { via, changes: [{ field: 'deleted', before: true, after: false }] },
      context({ stream: 'group-7', position: 200 }),
    );
    expect(restored).toMatchObject({ text: 'restored with project', record: { text: 'Platform 2030' } });
  });

  it("is no such row for the record's own event", () => {
    expect(viaLine({ changes: [{ field: 'deleted', before: false, after: true }] }, itemContext)).toBeNull();
  });
});

describe('lists (issue 19)', () => {
  it('shows goals as added, removed and changed rows by their names', () => {
    const line = changeLine(
      {
        field: 'goals',
        before: [
          { goalId: 179, value: 3 },
          { goalId: 180, value: 1 },
        ],
        after: [
          { goalId: 179, value: 5 },
          { goalId: 181, value: 2 },
        ],
      },
      context(),
    );
    expect(line.label).toBe('Goals');
    expect(entryTexts(line)).toEqual(['+ Goal #181: 2', '− Goal Lower cost: 1', 'Goal Cloud first: 3 → 5']);
  });

  it('shows applications added with their links, lanes removed and renamed', () => {
    const applications = changeLine({ field: 'applications', before: [], after: [3] }, context());
    expect(entryTexts(applications)).toEqual(['+ Application CRM']);
    expect(applications.kind === 'list' && applications.entries[0]!.name.link).toEqual({
      param: 'show-application',
      id: 3,
    });
    const lanes = changeLine(
      {
        field: 'subgroups',
        before: [
          { id: 'backend', name: 'Backend', type: 'INDIVIDUAL' },
          { id: 'ops', name: 'Ops', type: 'INDIVIDUAL' },
        ],
        after: [{ id: 'ops', name: 'Operations', type: 'INDIVIDUAL' }],
      },
      context(),
    );
    expect(entryTexts(lanes)).toEqual(['− Lane Backend', 'Lane Ops → Operations']);
  });

  it('shows ratings, attributes and shares by their names and values', () => {
    const ctx = context();
    expect(
      listEntries(
        'metrics',
        [{ group: null, type: 'WICHTIGKEIT', value: 2 }],
        [{ group: null, type: 'WICHTIGKEIT', value: 4 }],
        ctx,
      ).map(listEntryText),
    ).toEqual(['Rating Wichtigkeit: 2 → 4']);
    expect(
      listEntries('attributes', [{ key: 'Cost centre', value: 4711 }], [], ctx).map(listEntryText),
    ).toEqual(['− Attribute Cost centre: 4711']);
    expect(
      listEntries(
        'shares',
        [{ tenant: 'other', status: 'PENDING' }],
        [{ tenant: 'other', status: 'ACCEPTED' }],
        ctx,
      ).map(listEntryText),
    ).toEqual(['Share with other: pending → accepted']);
  });

  it('lists a list that was empty or absent as additions, and plain values by themselves', () => {
    expect(
      entryTexts(changeLine({ field: 'sharedWith', before: null, after: ['other'] }, context())),
    ).toEqual(['+ other']);
  });
});

describe("an item's dependencies (issue 21)", () => {
  it("shows a dependency added or removed in the tenant's graph as the item's predecessors and successors, named as then", () => {
    const graph = context({
      stream: 'dependencies-demo',
      refs: { 'item:41': [{ position: 50, name: 'Build' }] },
    });
    const added = changeLine(
      {
        field: 'predecessors',
        before: [],
        after: [{ id: 900, item: 41, type: 'finish-to-start', lag: 2 }],
      },
      graph,
    );
    expect(added.label).toBe('Predecessors');
    expect(entryTexts(added)).toEqual(['+ Dependency Build: finish to start, lag 2 working days']);
    const removed = changeLine(
      { field: 'successors', before: [{ id: 901, item: 42, type: 'start-to-start', lag: -1 }], after: [] },
      graph,
    );
    expect(removed.label).toBe('Successors');
    expect(entryTexts(removed)).toEqual(['− Dependency #42: start to start, lag -1 working days']);
  });
});

describe('shownChanges', () => {
  it("says a share once: the tenants' names and the accepted index go with the shares", () => {
    const shares = { field: 'shares', before: [], after: [{ tenant: 'b', status: 'PENDING' }] };
    const names = { field: 'sharedWith', before: [], after: ['b'] };
    const title = { field: 'title', before: 'A', after: 'B' };
    expect(shownChanges([names, shares, title])).toEqual([shares, title]);
    expect(shownChanges([names, title])).toEqual([names, title]);
  });
});

describe('row pieces', () => {
  it('names the command and the event, or the event alone for old events', () => {
    expect(describeCommand({ command: 'SaveGroup', event: 'GroupSaved' })).toBe('SaveGroup · GroupSaved');
    expect(describeCommand({ command: null, event: 'GroupCreated' })).toBe('GroupCreated');
  });

  it('summarises both sides of a change, the field by its label', () => {
    expect(changeLine({ field: 'title', before: null, after: 'Apollo' }, context())).toEqual({
      kind: 'value',
      field: 'title',
      label: 'Title',
      before: { text: NO_VALUE, link: null },
      after: { text: 'Apollo', link: null },
    });
  });

  it("shows a code by its label in the tenant's list: a project's status, an item's status", () => {
    const lists = optionListsOf({
      itemStatus: [
        { value: 0, label: 'To do', colour: 'gray', done: false },
        { value: 5, label: 'Finished', colour: 'green', done: true },
      ],
    });
    const line = (change: HistoryChange, stream: string) =>
      texts(changeLine(change, context({ stream, lists })));
    expect(line({ field: 'status', before: 3, after: 6 }, 'group-12')).toEqual(['Planned', 'Completed']);
    expect(line({ field: 'status', before: 0, after: 4 }, 'item-9')).toEqual(['To do', '4 (not listed)']);
    expect(line({ field: 'healthStatus', before: null, after: 2 }, 'group-12')[1]).toBe('At risk');
    // a field no list names, and a status of a record without lists, stay as they are
    expect(line({ field: 'metric1', before: 1, after: 2 }, 'group-12')[1]).toBe('2');
    expect(line({ field: 'status', before: 'x', after: 'y' }, 'application-3')[1]).toBe('y');
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

import { describe, expect, it } from '@jest/globals';
import { subgroupsOf } from '@fahrplan/contracts';
import type { ItemView } from '@fahrplan/contracts';
import {
  changeGroup,
  changeIssueGroup,
  changeKind,
  changeStart,
  changeType,
  durationOf,
  issueGroupsOf,
  issueLinkOf,
  itemDialogTitle,
  itemFormValidator,
  itemGroupOptions,
  shownStatus,
  toFormValues,
  toSaveCommand,
  withProjectRepository,
  workloadOf,
  capacityOf,
} from './itemForm';
import type { ItemFormValues, ItemGroup } from './itemForm';
import { englishT } from '../i18n/testing';
import { closingDayRules } from '../common/testing/calendars';
import { bernRules } from '../common/bernRules';

const t = englishT('items');

const lanes = subgroupsOf([{ id: 'design', name: 'Design', type: 'INDIVIDUAL' }]);

const item = (overrides: Partial<ItemView> = {}): ItemView => ({
  id: 11,
  tenant: 'demo',
  version: 3,
  deleted: false,
  storedStatus: null,
  duration: 5,
  workload: '2',
  groupTitle: 'Apollo',
  predecessors: [],
  successors: [],
  title: 'Build',
  subtitle: 'phase 1',
  shortname: null,
  description: 'line 1<br>line 2',
  effort: 10,
  jiraid: null,
  group: 7,
  subgroup: 'tasks',
  resource: null,
  jiragroup: null,
  start: '2027-01-04T00:00',
  end: '2027-01-09T00:00',
  status: 2,
  docUrl: null,
  rank: '0|500000',
  className: null,
  type: null,
  attributes: [],
  ...overrides,
});

const apollo: ItemGroup = {
  id: 7,
  title: 'Apollo',
  subgroups: lanes,
  resource: 4,
  jirarepo: { id: 'APO', url: 'https://jira.example' },
  calendar: 0,
  shared: false,
};
const gemini: ItemGroup = {
  id: 8,
  title: 'Gemini',
  subgroups: subgroupsOf([{ id: 'ops', name: 'Ops', type: 'INDIVIDUAL' }]),
  resource: null,
  jirarepo: null,
  calendar: 0,
  shared: false,
};

const task = (overrides: Partial<ItemFormValues> = {}): ItemFormValues => ({
  ...toFormValues(item()),
  ...overrides,
});

describe('toFormValues', () => {
  it('shows stored dates as DD.MM.YYYY HH:mm with the exclusive midnight end as the previous day', () => {
    const values = toFormValues(item());
    expect(values.start).toBe('04.01.2027 00:00');
    expect(values.end).toBe('08.01.2027 00:00');
    expect(values.milestone).toBe(false);
  });

  it('keeps an end with a time of day as it is', () => {
    expect(toFormValues(item({ end: '2027-01-08T12:30' })).end).toBe('08.01.2027 12:30');
  });

  it('reads a null end as a milestone', () => {
    const values = toFormValues(item({ end: null, subgroup: 'milestones' }));
    expect(values.milestone).toBe(true);
    expect(values.end).toBeNull();
  });

  it('turns stored br tags into line breaks for editing', () => {
    expect(toFormValues(item()).description).toBe('line 1\nline 2');
  });

  it('shows the status the system type set aside as the item status', () => {
    const values = toFormValues(item({ type: 'background', status: 0, storedStatus: 5, subgroup: null }));
    expect(values.status).toBe(5);
    expect(shownStatus(values)).toBe(0);
  });

  it('gives a new task status 0 and start = end = the chosen date in the default tasks lane', () => {
    const values = toFormValues(null, { group: 7, date: '2027-03-10' }, [apollo]);
    expect(values.status).toBe(0);
    expect(values.start).toBe('10.03.2027 00:00');
    expect(values.end).toBe('10.03.2027 00:00');
    expect(values.subgroup).toBe('tasks');
    expect(values.group).toBe(7);
    expect(values.resource).toBe(4);
  });

  it('gives a new milestone no end and the milestones lane', () => {
    const values = toFormValues(null, { group: 7, date: '2027-03-10', milestone: true }, [apollo]);
    expect(values.end).toBeNull();
    expect(values.subgroup).toBe('milestones');
    expect(itemDialogTitle(t, true, values)).toBe('new milestone');
  });

  it('takes a requested lane of the group', () => {
    const values = toFormValues(null, { group: 7, date: '2027-03-10', subgroup: 'design' }, [apollo]);
    expect(values.subgroup).toBe('design');
  });

  it('ignores a requested lane the group does not have', () => {
    const values = toFormValues(null, { group: 7, date: '2027-03-10', subgroup: 'nope' }, [apollo]);
    expect(values.subgroup).toBe('tasks');
  });
});

describe('durationOf and workloadOf', () => {
  it('counts the working days of [begin, stored end)', () => {
    // Mon 04.01.2027 to Fri 08.01.2027 inclusive: five working days
    expect(durationOf(task())).toBe(5);
  });

  it('skips weekends and public holidays', () => {
    // Wed 23.12.2026 to Tue 29.12.2026 inclusive: five weekdays, of which Fri 25 Dec is a holiday
    expect(durationOf(task({ start: '23.12.2026 00:00', end: '29.12.2026 00:00' }))).toBe(4);
  });

  it('is null for a milestone and for an end before the begin', () => {
    expect(durationOf(task({ milestone: true, end: null }))).toBeNull();
    expect(durationOf(task({ start: '10.01.2027 00:00', end: '05.01.2027 00:00' }))).toBeNull();
  });

  it('counts the workload over what the task’s resource gives: its own calendar and its share (issue 24)', () => {
    const week = task({ effort: 10 }); // Mon 04.01.2027 to Fri 08.01.2027: five working days in Bern
    const project = bernRules;
    // the resource's calendar closes Friday 8 January: 4 days, half time: 2 person-days
    const ownCalendar = { rules: closingDayRules(), share: 50 };
    expect(capacityOf(week, project, ownCalendar)).toBe(2);
    expect(workloadOf(week, capacityOf(week, project, ownCalendar))).toBe('5');
    // without a calendar of its own the project's counts; full time without one: §9's effort / duration
    expect(capacityOf(week, project, { rules: null, share: 50 })).toBe(2.5);
    expect(workloadOf(week, capacityOf(week, project, { rules: null, share: 100 }))).toBe('2');
    expect(capacityOf(week, project, null)).toBe(5);
    // the duration stays on the project's calendar whatever the resource's
    expect(durationOf(week, project)).toBe(5);
    // while the resource loads: unknown, never a guess
    expect(capacityOf(week, project, undefined)).toBeNull();
    expect(capacityOf(task({ milestone: true, end: null }), project, ownCalendar)).toBeNull();
  });

  it('computes the workload from effort and duration', () => {
    expect(workloadOf(task({ effort: 10 }))).toBe('2');
    expect(workloadOf(task({ effort: 1 }))).toBe('0.2');
  });

  it('has no workload without effort, for a milestone or for 0 working days', () => {
    expect(workloadOf(task({ effort: null }))).toBeNull();
    expect(workloadOf(task({ milestone: true, end: null }))).toBeNull();
    expect(workloadOf(task({ start: '09.01.2027 00:00', end: '10.01.2027 00:00' }))).toBeNull();
  });

  it('has no workload for an effort out of range, as typed', () => {
    expect(workloadOf(task({ effort: -5 }))).toBeNull();
    expect(workloadOf(task({ effort: '-' }))).toBeNull();
  });
});

describe("with the project's calendar (issue 24)", () => {
  const closed = closingDayRules();

  it('a company closing day shortens the duration and the workload follows', () => {
    // Mon 04.01.2027 to Fri 08.01.2027 inclusive, Friday closed: four working days
    expect(durationOf(task(), closed)).toBe(4);
    expect(workloadOf(task({ effort: 10 }), durationOf(task(), closed))).toBe('2.5');
  });

  it('a new begin keeps the working days of that calendar', () => {
    const week = task({ start: '11.01.2027 00:00', end: '15.01.2027 00:00' });
    expect(changeStart(week, '04.01.2027 00:00', closed)).toEqual({
      start: '04.01.2027 00:00',
      end: '11.01.2027 00:00',
    });
  });

  it('shows no duration and keeps the end while the calendar loads', () => {
    expect(durationOf(task(), null)).toBeNull();
    expect(changeStart(task(), '11.01.2027 00:00', null)).toEqual({
      start: '11.01.2027 00:00',
      end: task().end,
    });
  });
});

describe('changeStart', () => {
  it('moves the end keeping the working-day duration', () => {
    // five working days from Mon 11.01.2027: the end is Fri 15.01.2027
    expect(changeStart(task(), '11.01.2027 00:00')).toEqual({
      start: '11.01.2027 00:00',
      end: '15.01.2027 00:00',
    });
  });

  it('skips a weekend when the new begin makes the range span one', () => {
    // five working days from Wed 06.01.2027: Wed, Thu, Fri, Mon, Tue → end Tue 12.01.2027
    expect(changeStart(task(), '06.01.2027 00:00').end).toBe('12.01.2027 00:00');
  });

  it('keeps the end time of day', () => {
    const values = task({ end: '08.01.2027 16:00' });
    expect(changeStart(values, '11.01.2027 08:00').end).toBe('15.01.2027 16:00');
  });

  it('sets the end to the begin when the duration is 0', () => {
    // Sat 09.01.2027 only: no working day
    const values = task({ start: '09.01.2027 00:00', end: '09.01.2027 00:00' });
    expect(changeStart(values, '13.01.2027 00:00')).toEqual({
      start: '13.01.2027 00:00',
      end: '13.01.2027 00:00',
    });
  });

  it('only takes the begin of a milestone or while a date is invalid', () => {
    expect(changeStart(task({ milestone: true, end: null }), '11.01.2027 00:00')).toEqual({
      start: '11.01.2027 00:00',
      end: null,
    });
    expect(changeStart(task(), '11.01.20')).toEqual({ start: '11.01.20', end: '08.01.2027 00:00' });
    expect(changeStart(task({ end: 'x' }), '11.01.2027 00:00').end).toBe('x');
  });
});

describe('changeKind', () => {
  it('switches a task in the tasks lane to the milestones lane and drops the end', () => {
    expect(changeKind(task(), true, lanes)).toEqual({ milestone: true, end: null, subgroup: 'milestones' });
  });

  it('switches a milestone back to a task with end = begin in the tasks lane', () => {
    const milestone = task({ milestone: true, end: null, subgroup: 'milestones' });
    expect(changeKind(milestone, false, lanes)).toEqual({
      milestone: false,
      end: '04.01.2027 00:00',
      subgroup: 'tasks',
    });
  });

  it('keeps an individual lane', () => {
    expect(changeKind(task({ subgroup: 'design' }), true, lanes).subgroup).toBe('design');
  });

  it('picks the matching lane when there is none', () => {
    expect(changeKind(task({ subgroup: null }), true, lanes).subgroup).toBe('milestones');
  });
});

describe('changeGroup', () => {
  it('picks the lane of the same type in the new group', () => {
    const values = task({ milestone: true, end: null, subgroup: 'milestones' });
    expect(changeGroup(values, apollo.subgroups, gemini).subgroup).toBe('milestones');
  });

  it('picks the default lane of the kind when the lane was individual', () => {
    expect(changeGroup(task({ subgroup: 'design' }), apollo.subgroups, gemini)).toEqual({
      group: 8,
      subgroup: 'tasks',
      resource: null,
    });
  });

  it('picks the default lane of the kind when there was none', () => {
    const values = task({ milestone: true, end: null, subgroup: null });
    expect(changeGroup(values, apollo.subgroups, gemini).subgroup).toBe('milestones');
  });

  it("gives a task without resource the group's default resource", () => {
    expect(changeGroup(task({ resource: null }), gemini.subgroups, apollo).resource).toBe(4);
    expect(changeGroup(task({ resource: 2 }), gemini.subgroups, apollo).resource).toBe(2);
  });

  it('clears group and lane when no group is chosen', () => {
    expect(changeGroup(task(), apollo.subgroups, null)).toEqual({
      group: null,
      subgroup: null,
      resource: null,
    });
  });
});

describe('changeIssueGroup and changeType', () => {
  it('clearing the issue group clears the external id', () => {
    expect(changeIssueGroup({ jiraid: 'OPS-1' }, null)).toEqual({ jiragroup: '', jiraid: '' });
    expect(changeIssueGroup({ jiraid: 'OPS-1' }, 'OPS')).toEqual({ jiragroup: 'OPS', jiraid: 'OPS-1' });
  });

  it('a background item has no lane; a lane background keeps or gets one', () => {
    expect(changeType(task(), 'background', lanes)).toEqual({ type: 'background', subgroup: null });
    expect(changeType(task({ subgroup: null }), 'lane-background', lanes).subgroup).toBe('tasks');
    expect(changeType(task({ subgroup: 'design' }), null, lanes).subgroup).toBe('design');
  });

  it('shows status 0 while a system type is set', () => {
    expect(shownStatus({ status: 4, type: null })).toBe(4);
    expect(shownStatus({ status: 4, type: 'lane-background' })).toBe(0);
  });
});

describe('toSaveCommand', () => {
  it('sends a new task with stored dates (exclusive midnight end), trimmed texts and the rank', () => {
    const values = toFormValues(null, { group: 7, date: '2027-03-10' }, [apollo]);
    const command = toSaveCommand(
      { ...values, title: '  Launch ', description: ' a\nb ', effort: 3 },
      null,
      null,
      '0|500008',
    );
    expect(command).toMatchObject({
      title: 'Launch',
      description: 'a<br>b',
      start: '2027-03-10T00:00',
      end: '2027-03-11T00:00',
      group: 7,
      subgroup: 'tasks',
      effort: 3,
      status: 0,
      rank: '0|500008',
    });
    expect(command).not.toHaveProperty('id');
  });

  it('omits the rank when it is not known (the server ranks the item)', () => {
    const values = toFormValues(null, { group: 7, date: '2027-03-10' }, [apollo]);
    expect(toSaveCommand({ ...values, title: 'x' }, null)).not.toHaveProperty('rank');
  });

  it('sends effort, resource and issue group only for tasks', () => {
    const values = task({ milestone: true, end: null, effort: 5, resource: 3, jiragroup: 'OPS' });
    expect(toSaveCommand(values, null)).toMatchObject({
      end: null,
      effort: null,
      resource: null,
      jiragroup: null,
    });
  });

  it('clears an issue group left from before a move into a project with a repository', () => {
    const before = task({ group: gemini.id, subgroup: 'tasks', jiragroup: '3/10001', jiraid: 'OPS-2' });
    const moved = { ...before, group: apollo.id };
    expect(toSaveCommand(withProjectRepository(moved, apollo), { id: 11, version: 3 }, before)).toEqual({
      id: 11,
      version: 3,
      group: apollo.id,
      jiragroup: null,
    });
    // a project without repository keeps the chosen issue group
    expect(withProjectRepository(before, gemini).jiragroup).toBe('3/10001');
  });

  it('sends a null lane for a background item', () => {
    expect(toSaveCommand(task({ type: 'background', subgroup: 'tasks' }), null).subgroup).toBeNull();
  });

  it('does not send the status while a system type is set (the server keeps it aside)', () => {
    expect(toSaveCommand(task({ type: 'lane-background' }), null)).not.toHaveProperty('status');
  });

  it('sends only the changed fields of an update with the version seen', () => {
    const before = task();
    const after = { ...before, ...changeStart(before, '11.01.2027 00:00'), subtitle: 'phase 2' };
    expect(toSaveCommand(after, { id: 11, version: 3 }, before)).toEqual({
      id: 11,
      version: 3,
      subtitle: 'phase 2',
      start: '2027-01-11T00:00',
      end: '2027-01-16T00:00',
    });
  });

  it('sends nothing but id and version for an unchanged item', () => {
    expect(toSaveCommand(task(), { id: 11, version: 3 }, task())).toEqual({ id: 11, version: 3 });
  });
});

describe('task attributes (§2 Details: the tenant task attribute schema)', () => {
  const definitions = [
    { key: 'costCentre', label: 'Cost centre', type: 'text' },
    { key: 'risk', label: 'Risk', type: 'select', options: ['low', 'medium', 'high'] },
    { key: 'billable', label: 'Billable', type: 'boolean' },
  ] as const;
  const stored = item({
    attributes: [
      { key: 'risk', value: 'low' },
      { key: 'legacy', value: 'kept' },
    ],
  });

  it('fills one form value per definition, a new item with the empty values', () => {
    expect(toFormValues(stored, null, [], definitions).attributes).toEqual({
      costCentre: '',
      risk: 'low',
      billable: false,
    });
    expect(toFormValues(null, { group: 7, date: '2027-03-10' }, [apollo], definitions).attributes).toEqual({
      costCentre: '',
      risk: null,
      billable: false,
    });
  });

  it('sends the attributes only when one changed, with the stored values the schema no longer lists', () => {
    const before = toFormValues(stored, null, [], definitions);
    const record = { id: stored.id, version: stored.version };
    expect(
      toSaveCommand({ ...before, title: 'Other' }, record, before, null, definitions),
    ).not.toHaveProperty('attributes');
    const changed = {
      ...before,
      attributes: { ...before.attributes, costCentre: ' CC-42 ', billable: true },
    };
    expect(toSaveCommand(changed, record, before, null, definitions)).toEqual({
      id: stored.id,
      version: stored.version,
      attributes: [
        { key: 'costCentre', value: 'CC-42' },
        { key: 'risk', value: 'low' },
        { key: 'billable', value: true },
        { key: 'legacy', value: 'kept' },
      ],
    });
  });

  it('sends every definition with a new item', () => {
    const values = toFormValues(null, { group: 7, date: '2027-03-10' }, [apollo], definitions);
    expect(
      toSaveCommand(
        { ...values, title: 'x', attributes: { ...values.attributes, risk: 'high' } },
        null,
        null,
        null,
        definitions,
      ).attributes,
    ).toEqual([
      { key: 'costCentre', value: null },
      { key: 'risk', value: 'high' },
      { key: 'billable', value: false },
    ]);
  });
});

describe('itemFormValidator', () => {
  const validate = itemFormValidator(t);

  it('accepts a valid task', () => {
    expect(validate(task())).toEqual({});
  });

  it('refuses an effort of -5 as typed and a status out of range, naming the range; an empty effort is none', () => {
    expect(validate(task({ effort: -5 })).effort).toBe(
      'a number between 0 and 1,000,000 with at most 2 decimals',
    );
    expect(validate(task({ effort: 1.005 })).effort).toBeDefined();
    expect(validate(task({ effort: '-' })).effort).toBe(
      'a number between 0 and 1,000,000 with at most 2 decimals',
    );
    expect(validate(task({ status: 1e20 })).status).toBe('a whole number between 0 and 99');
    expect(validate(task({ effort: null, status: 12 }))).toEqual({});
  });

  it('refuses a number attribute outside its range before Save', () => {
    const numbers = itemFormValidator(t, [{ key: 'users', label: 'Users', type: 'number' }]);
    expect(numbers(task({ attributes: { users: '99999999999999999999' } }))['attributes.users']).toMatch(
      /^a number between/,
    );
    expect(numbers(task({ attributes: { users: 12 } }))).toEqual({});
  });

  it('requires a title, a begin and (for tasks) an end', () => {
    const errors = validate(task({ title: '  ', start: null, end: '' }));
    expect(errors.title).toBeTruthy();
    expect(errors.start).toBe('required');
    expect(errors.end).toBe('required');
  });

  it('rejects malformed dates', () => {
    expect(validate(task({ start: '2027-01-04' })).start).toMatch(/DD\.MM\.YYYY HH:mm/);
    expect(validate(task({ end: '31.02.2027 00:00' })).end).toMatch(/DD\.MM\.YYYY HH:mm/);
  });

  it('rejects an end before the begin, but not a midnight end on the begin day', () => {
    expect(validate(task({ start: '10.01.2027 08:00', end: '09.01.2027 12:00' })).end).toBe(
      'the end cannot precede the begin',
    );
    expect(validate(task({ start: '10.01.2027 08:00', end: '10.01.2027 00:00' })).end).toBeUndefined();
  });

  it('needs no end for a milestone', () => {
    expect(validate(task({ milestone: true, end: null, subgroup: 'milestones' }))).toEqual({});
  });

  it('requires a lane unless the type is background', () => {
    expect(validate(task({ subgroup: null })).subgroup).toBe('required');
    expect(validate(task({ subgroup: null, type: 'lane-background' })).subgroup).toBe('required');
    expect(validate(task({ subgroup: null, type: 'background' })).subgroup).toBeUndefined();
  });

  it('requires a project', () => {
    expect(validate(task({ group: null })).group).toBe('required');
  });

  it('applies the §5 limits', () => {
    const errors = validate(
      task({ subtitle: 'x'.repeat(201), jiraid: 'x'.repeat(101), className: 'x'.repeat(101) }),
    );
    expect(errors.subtitle).toBeTruthy();
    expect(errors.jiraid).toBeTruthy();
    expect(errors.className).toBeTruthy();
    expect(validate(task({ comment: 'x'.repeat(2001) })).comment).toBeTruthy();
  });
});

describe('group choices, issue links and ranks', () => {
  const project = (
    id: number,
    title: string,
    extra: { art?: number; shared?: boolean; deleted?: boolean } = {},
  ) => ({
    id,
    title,
    art: extra.art ?? 0,
    shared: extra.shared ?? false,
    deleted: extra.deleted ?? false,
  });

  it('offers own active projects, never the sprint group, sorted case-insensitively', () => {
    const options = itemGroupOptions([
      project(1, 'zeta'),
      project(2, 'Alpha'),
      project(3, 'Sprints', { art: 99 }),
      project(4, 'Theirs', { shared: true }),
      project(5, 'Gone', { deleted: true }),
    ]);
    expect(options).toEqual([
      { value: '2', label: 'Alpha' },
      { value: '1', label: 'zeta' },
    ]);
  });

  it("builds the issue link from the project's repository, else from the issue group", () => {
    const issueGroups = issueGroupsOf([
      apollo,
      gemini,
      { jirarepo: { id: 'OPS', url: 'https://ops.example/' } },
    ]);
    expect(issueGroups.map((g) => g.id)).toEqual(['APO', 'OPS']);
    expect(issueLinkOf({ jiraid: 'APO-1', jiragroup: '' }, apollo, issueGroups)).toBe(
      'https://jira.example/browse/APO-1',
    );
    expect(issueLinkOf({ jiraid: 'OPS-2', jiragroup: 'OPS' }, gemini, issueGroups)).toBe(
      'https://ops.example/browse/OPS-2',
    );
    expect(issueLinkOf({ jiraid: 'OPS-2', jiragroup: '' }, gemini, issueGroups)).toBeNull();
    expect(issueLinkOf({ jiraid: '', jiragroup: 'OPS' }, gemini, issueGroups)).toBeNull();
  });

  it('titles an existing item with title and subtitle', () => {
    expect(itemDialogTitle(t, false, task())).toBe('show item Build phase 1');
    expect(itemDialogTitle(t, false, task({ milestone: true, subtitle: '' }))).toBe('show milestone Build');
    expect(itemDialogTitle(t, true, task())).toBe('new item');
  });
});

import { describe, expect, it } from '@jest/globals';
import { metricTypes, optionListsOf } from '@fahrplan/contracts';
import type { GroupDetailsView } from '@fahrplan/contracts';
import {
  changeRepository,
  changeStart,
  durationOf,
  projectFormValidator,
  projectParentOptions,
  toFormValues,
  toSaveCommand,
} from './projectForm';
import type { ProjectFormValues } from './projectForm';
import { englishT } from '../../i18n/testing';
import { closingDayRules } from '../../common/testing/calendars';

const t = englishT('projects');

// Built field by field: fields the server adds later (e.g. shares, budget) stay out of the fixture.
const group = (overrides: Partial<GroupDetailsView> = {}): GroupDetailsView =>
  ({
    id: 7,
    tenant: 'demo',
    version: 4,
    deleted: false,
    shared: false,
    sharedWith: ['acme'],
    goals: [{ goalId: 3, value: 5 }],
    priority: 0,
    duration: 10,
    parentTitle: null,
    subprojects: [],
    title: 'Apollo',
    shortname: 'APO',
    description: null,
    contact: 'Ada',
    projectNr: 'P-1',
    docUrl: null,
    iamId: null,
    start: '2027-01-04',
    end: '2027-01-16',
    parent: null,
    parentOrder: null,
    jirarepo: { id: 'APO', url: 'https://jira.example' },
    jiraid: 'APO-1',
    cockpitid: null,
    metric1: 1,
    metric2: 2,
    metric3: 3,
    metric4: 4,
    metrics: metricTypes.map((type) => ({ group: null, type, value: 2 })),
    healthStatus: 1,
    phase: 2,
    status: 5,
    art: 1,
    klasse: 0,
    resource: null,
    applications: [11],
    attributes: [],
    account: null,
    visible: true,
    ...overrides,
  }) as GroupDetailsView;

describe('toFormValues', () => {
  it('fills a new project with the §4 defaults and the preselected application', () => {
    const values = toFormValues(null, '2027-03-10', 42);
    expect(values).toMatchObject({
      title: '',
      status: 3,
      phase: 0,
      art: 0,
      klasse: 0,
      healthStatus: 0,
      start: '10.03.2027',
      end: '10.03.2027',
      applications: [42],
      shareWith: [],
      strategy: { assigned: [], pending: [] },
    });
    expect(values.rating).toEqual({
      metric1: 0,
      metric2: 0,
      metric3: 0,
      metric4: 0,
      metrics: metricTypes.map((type) => ({ group: null, type, value: 0 })),
    });
    expect(toFormValues(null, '2027-03-10').applications).toEqual([]);
  });

  it('shows a stored project: the exclusive end as the last day, shares, goals and the tracker link', () => {
    const values = toFormValues(group(), '2030-01-01');
    expect(values).toMatchObject({
      title: 'Apollo',
      start: '04.01.2027',
      end: '15.01.2027',
      status: 5,
      phase: 2,
      description: '',
      shareWith: ['acme'],
      jiraRepoId: 'APO',
      jiraRepoUrl: 'https://jira.example',
      jiraid: 'APO-1',
      strategy: { assigned: [{ goal: 3, value: 5 }], pending: [] },
      applications: [11],
    });
    expect(values.rating.metric4).toBe(4);
  });

  it('shows a stored range of no days as the start day, never an end before the start', () => {
    const values = toFormValues(group({ start: '2027-01-04', end: '2027-01-04' }), '2030-01-01');
    expect([values.start, values.end]).toEqual(['04.01.2027', '04.01.2027']);
  });
});

describe('toSaveCommand', () => {
  it('creates with trimmed texts, server dates and the exclusive end', () => {
    const values: ProjectFormValues = {
      ...toFormValues(null, '2027-01-04'),
      title: '  Zephyr ',
      contact: '   ',
      end: '15.01.2027',
      jiraRepoId: ' ZEP ',
      jiraRepoUrl: 'https://jira.example ',
      jiraid: ' ZEP-2 ',
    };
    const command = toSaveCommand(values, null);
    expect(command).toMatchObject({
      title: 'Zephyr',
      contact: null,
      start: '2027-01-04',
      end: '2027-01-16',
      status: 3,
      jirarepo: { id: 'ZEP', url: 'https://jira.example' },
      jiraid: 'ZEP-2',
    });
    expect(command).not.toHaveProperty('id');
  });

  it('updates the seen version with only the fields that changed', () => {
    const before = toFormValues(group(), '2030-01-01');
    const after = { ...before, title: 'Apollo 2', end: '22.01.2027', comment: 'not a field' };
    expect(toSaveCommand(after, { id: 7, version: 4, account: null }, before)).toEqual({
      id: 7,
      version: 4,
      title: 'Apollo 2',
      end: '2027-01-23',
    });
  });

  it('schedules a project saved before issue 21 manually, and sends a changed mode alone (issue 21)', () => {
    const before = toFormValues(group(), '2030-01-01');
    expect(before.scheduling).toBe('manual');
    expect(toFormValues(group({ scheduling: 'automatic' }), '2030-01-01').scheduling).toBe('automatic');
    const after = { ...before, scheduling: 'automatic' as const };
    expect(toSaveCommand(after, { id: 7, version: 4, account: null }, before)).toEqual({
      id: 7,
      version: 4,
      scheduling: 'automatic',
    });
  });

  it("takes the project's calendar, the default for one saved before issue 24, and sends a change alone", () => {
    const before = toFormValues(group(), '2030-01-01');
    expect(before.calendar).toBe(0);
    expect(toFormValues(group({ calendar: 3 }), '2030-01-01').calendar).toBe(3);
    expect(toSaveCommand({ ...before, calendar: 3 }, { id: 7, version: 4, account: null }, before)).toEqual({
      id: 7,
      version: 4,
      calendar: 3,
    });
  });

  it('sends no issue id without a repository', () => {
    const values = { ...toFormValues(group(), '2030-01-01'), jiraRepoId: '' };
    expect(toSaveCommand(values, null)).toMatchObject({ jirarepo: null, jiraid: null });
  });
});

describe('projectFormValidator', () => {
  const validate = projectFormValidator(t);
  const valid = { ...toFormValues(null, '2027-01-04'), title: 'Apollo' };

  it('accepts a valid project', () => {
    expect(validate(valid)).toEqual({});
  });

  it('rejects an end before the start', () => {
    expect(validate({ ...valid, end: '01.01.2027' }).end).toBe('the end cannot precede the begin');
  });

  it('refuses a "Type (art)" code outside 0 to 99 with the shared range, never sending another', () => {
    for (const art of [1e20, 100, -1, 1.5, Number.NaN])
      expect(validate({ ...valid, art }).art).toBe('a whole number between 0 and 99');
    expect(validate({ ...valid, art: 42 })).toEqual({});
  });

  it('applies the §5 limits', () => {
    const errors = validate({
      ...valid,
      title: ' ',
      projectNr: 'x'.repeat(51),
      iamId: 'x'.repeat(51),
      jiraRepoId: 'R',
      jiraid: 'x'.repeat(101),
      comment: 'x'.repeat(2001),
    });
    expect(errors).toMatchObject({
      title: 'required',
      projectNr: 'at most 50 characters',
      iamId: 'at most 50 characters',
      jiraid: 'at most 100 characters',
      comment: expect.stringContaining('2000'),
    });
  });

  it('maps a metric out of range to the key figures', () => {
    expect(validate({ ...valid, rating: { ...valid.rating, metric1: 10 } })).toHaveProperty('rating');
  });
});

describe('date rules', () => {
  it('counts working days of the shown range, end inclusive', () => {
    expect(durationOf({ start: '04.01.2027', end: '15.01.2027' })).toBe(10);
    expect(durationOf({ start: '04.01.2027', end: '04.01.2027' })).toBe(1);
    expect(durationOf({ start: '04.01.2027', end: '03.01.2027' })).toBeNull();
    expect(durationOf({ start: null, end: '03.01.2027' })).toBeNull();
  });

  it('moves the end with the start, keeping the working days', () => {
    const range = { start: '04.01.2027', end: '15.01.2027' };
    expect(changeStart(range, '11.01.2027')).toEqual({ start: '11.01.2027', end: '22.01.2027' });
    // starting on a Saturday: the ten working days begin on Monday
    const moved = changeStart(range, '09.01.2027');
    expect(moved).toEqual({ start: '09.01.2027', end: '22.01.2027' });
    expect(durationOf(moved)).toBe(10);
  });

  it('keeps the end when there is no range to keep', () => {
    expect(changeStart({ start: null, end: '15.01.2027' }, '11.01.2027')).toEqual({
      start: '11.01.2027',
      end: '15.01.2027',
    });
    expect(changeStart({ start: '04.01.2027', end: '15.01.2027' }, null)).toEqual({
      start: null,
      end: '15.01.2027',
    });
  });

  it("counts and moves with the project's calendar (issue 24), nothing while it loads", () => {
    const closed = closingDayRules();
    expect(durationOf({ start: '04.01.2027', end: '15.01.2027' }, closed)).toBe(9);
    // five working days moved to Monday 4 January 2027 skip the closed Friday 8: they end on Monday 11
    expect(changeStart({ start: '11.01.2027', end: '15.01.2027' }, '04.01.2027', closed)).toEqual({
      start: '04.01.2027',
      end: '11.01.2027',
    });
    expect(durationOf({ start: '04.01.2027', end: '15.01.2027' }, null)).toBeNull();
    expect(changeStart({ start: '04.01.2027', end: '15.01.2027' }, '11.01.2027', null)).toEqual({
      start: '11.01.2027',
      end: '15.01.2027',
    });
  });

  it('clears the issue id with the repository', () => {
    expect(changeRepository({ jiraid: 'APO-1' }, '')).toEqual({ jiraRepoId: '', jiraid: '' });
    expect(changeRepository({ jiraid: 'APO-1' }, 'APO2')).toEqual({ jiraRepoId: 'APO2', jiraid: 'APO-1' });
  });
});

describe('projectParentOptions', () => {
  it('leaves out the project itself and its descendants, sorted, not assigned first', () => {
    const projects = [
      { id: 1, title: 'root', parent: null, deleted: false },
      { id: 2, title: 'self', parent: 1, deleted: false },
      { id: 3, title: 'child', parent: 2, deleted: false },
      { id: 4, title: 'grandchild', parent: 3, deleted: false },
      { id: 5, title: 'Beta', parent: 1, deleted: false },
      { id: 6, title: 'gone', parent: null, deleted: true },
    ];
    expect(projectParentOptions(projects, 2, t).map((o) => o.label)).toEqual([
      'not assigned',
      'Beta',
      'root',
    ]);
    expect(projectParentOptions(projects, null, t)).toHaveLength(6);
  });

  it('offers accepted shared projects of status 1 to 3 only (§4), own ones of any status', () => {
    const projects = [
      { id: 1, title: 'shared open', parent: null, deleted: false, shared: true, status: 2 },
      { id: 2, title: 'shared closed', parent: null, deleted: false, shared: true, status: 9 },
      { id: 3, title: 'own closed', parent: null, deleted: false, shared: false, status: 9 },
    ];
    expect(projectParentOptions(projects, null, t).map((o) => o.label)).toEqual([
      'not assigned',
      'own closed',
      'shared open',
    ]);
  });

  it("offers shared projects of the statuses the tenant's list marks (issue 19)", () => {
    const projects = [
      { id: 1, title: 'shared open', parent: null, deleted: false, shared: true, status: 2 },
      { id: 2, title: 'shared closed', parent: null, deleted: false, shared: true, status: 9 },
    ];
    const lists = optionListsOf({
      projectStatus: [
        { value: 2, label: 'Open', colour: 'blue', done: false },
        { value: 9, label: 'Closed', colour: 'gray', done: true, sharedParent: true },
      ],
    });
    expect(projectParentOptions(projects, null, t, lists).map((o) => o.label)).toEqual([
      'not assigned',
      'shared closed',
    ]);
  });
});

import { describe, expect, it } from '@jest/globals';
import type { RecordDifference } from '@fahrplan/contracts';
import { englishT } from '../i18n/testing';
import {
  changeLabel,
  conflictingRecords,
  kindLabel,
  recordInScenario,
  shownFields,
} from './recordDifferences';

const t = englishT('scenarios');

const postponed: RecordDifference = {
  kind: 'item',
  id: 5,
  title: 'CRM go-live',
  change: 'changed',
  fields: [
    { field: 'start', live: '2027-03-01T00:00', scenario: '2027-06-01T00:00' },
    { field: 'title', live: 'CRM', scenario: 'CRM go-live' },
  ],
  conflicts: [{ field: 'start', live: '2027-04-01T00:00', scenario: '2027-06-01T00:00' }],
};

describe('shownFields', () => {
  it('lists the conflicting fields first, once, with the live value the live plan has now', () => {
    const fields = shownFields(postponed, t);
    expect(fields.map((f) => [f.field, f.conflict])).toEqual([
      ['start', true],
      ['title', false],
    ]);
    expect(fields[0]).toMatchObject({ live: expect.stringContaining('2027') as unknown, conflict: true });
    expect(fields[1]).toMatchObject({ live: 'CRM', scenario: 'CRM go-live' });
  });

  it('labels fields as the record’s dialog does, and other kinds’ fields as words', () => {
    expect(shownFields(postponed, t)[1]!.label).toBe('Title');
    const account: RecordDifference = {
      ...postponed,
      kind: 'account',
      fields: [{ field: 'budgetTotal', live: 1000, scenario: 800 }],
      conflicts: [],
    };
    expect(shownFields(account, t)[0]!.label).toBe('Budget total');
  });

  it('names a project’s calendar by its name where the names are known, else by its id', () => {
    const moved: RecordDifference = {
      kind: 'group',
      id: 7,
      title: 'Data Platform',
      change: 'changed',
      fields: [{ field: 'calendar', live: 0, scenario: 180 }],
      conflicts: [],
    };
    const names = (id: unknown) => ({ 0: 'Bern', 180: 'Zürich' })[id as number];
    expect(shownFields(moved, t, names)[0]).toMatchObject({ live: 'Bern', scenario: 'Zürich' });
    expect(shownFields(moved, t, (id) => (id === 0 ? 'Bern' : undefined))[0]).toMatchObject({
      live: 'Bern',
      scenario: '180',
    });
  });
});

describe('the values of a changed field', () => {
  const account = (live: unknown, scenario: unknown): RecordDifference => ({
    kind: 'account',
    id: 9,
    title: 'CRM',
    change: 'changed',
    fields: [{ field: 'entries', live, scenario }],
    conflicts: [],
  });
  const entry = (amount: number | null) => ({
    sicht: 'Budget',
    periode: '2027',
    amount,
    projekt: null,
    typ: null,
    gruppe: null,
  });

  it('writes an account’s entries by their key, their amounts grouped as the console shows amounts', () => {
    const [budget] = shownFields(
      account([entry(500_000)], [entry(350_000), { ...entry(1234.5), sicht: 'Ist' }]),
      t,
    );
    expect(budget).toMatchObject({
      live: "Budget 2027: 500'000.00",
      scenario: "Budget 2027: 350'000.00, Ist 2027: 1'234.50",
    });
    expect(shownFields(account([], [entry(null)]), t)[0]).toMatchObject({
      live: '(none)',
      scenario: 'Budget 2027: —',
    });
  });

  it('writes an end as its last day, as the dialogs and the History do', () => {
    const [end] = shownFields(
      {
        ...postponed,
        fields: [{ field: 'end', live: '2027-03-06T00:00', scenario: '2027-06-06T00:00' }],
        conflicts: [],
      },
      t,
    );
    expect(end).toMatchObject({
      live: expect.stringContaining('05.03.2027') as unknown,
      scenario: expect.stringContaining('05.06.2027') as unknown,
    });
  });
});

describe('a record inside the scenario', () => {
  it('opens an item or a project on its page, anything else on the timeline', () => {
    expect(recordInScenario({ kind: 'item', id: 5 }, 3)).toBe('/task-details/5?scenario=3');
    expect(recordInScenario({ kind: 'group', id: 7 }, 3)).toBe('/project-details/7?scenario=3');
    expect(recordInScenario({ kind: 'lane', id: 7 }, 3)).toBe('/?scenario=3');
  });

  it('names kinds and changes in words', () => {
    expect(kindLabel(t, 'group')).toBe('Project');
    expect(changeLabel(t, 'created')).toBe('new');
  });
});

describe('conflictingRecords', () => {
  it('reads the records of a 409 scenario-conflict', () => {
    const error = { status: 409, data: { code: 'scenario-conflict', records: [postponed] } };
    expect(conflictingRecords(error)).toEqual([postponed]);
  });

  it('is null for any other refusal', () => {
    expect(conflictingRecords({ status: 409, data: { code: 'version-conflict' } })).toBeNull();
    expect(conflictingRecords({ status: 400, data: { code: 'scenario-conflict', records: [] } })).toBeNull();
    expect(conflictingRecords('network down')).toBeNull();
  });
});

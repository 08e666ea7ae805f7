import { describe, expect, it } from '@jest/globals';
import { bernDefinition } from '@fahrplan/contracts';
import type { CalendarDefinition, CalendarView } from '@fahrplan/contracts';
import {
  calendarFormValidator,
  changesDefinition,
  draftVersions,
  newCompanyDay,
  toCalendarFormValues,
  toSaveCalendar,
} from './calendarForm';
import type { CalendarFormValues } from './calendarForm';

const zurich: CalendarDefinition = {
  region: 'ZH',
  workingWeekdays: [1, 2, 3, 4, 5],
  companyDays: [{ date: '2026-12-24', kind: 'half', yearly: true, name: 'Heiligabend' }],
  exceptions: [],
};
const saved: CalendarView = {
  id: 7,
  name: 'Zürich',
  version: 3,
  usedBy: { projects: 1, resources: 0 },
  versions: [
    { effectiveFrom: null, definition: bernDefinition },
    { effectiveFrom: '2026-01-01', definition: zurich },
  ],
};
const withDay = (values: CalendarFormValues, date: string): CalendarFormValues => ({
  ...values,
  companyDays: [...values.companyDays, { ...newCompanyDay(), date, name: 'Betriebsausflug' }],
});

describe('the calendar form', () => {
  it('starts a new calendar from Bern and creates it without an effective date', () => {
    const values = { ...toCalendarFormValues(null, bernDefinition), name: ' Genf ', region: 'GE' as const };
    expect(toSaveCalendar(values, null)).toEqual({
      name: 'Genf',
      definition: { ...bernDefinition, region: 'GE' },
    });
    expect(draftVersions(values, null)).toEqual([
      { effectiveFrom: null, definition: { ...bernDefinition, region: 'GE' } },
    ]);
  });

  it('edits the latest version, its days as typed dates', () => {
    const values = toCalendarFormValues(saved, bernDefinition);
    expect(values).toMatchObject({
      name: 'Zürich',
      region: 'ZH',
      workingWeekdays: ['1', '2', '3', '4', '5'],
    });
    expect(values.companyDays).toMatchObject([{ date: '24.12.2026', kind: 'half', yearly: true }]);
  });

  it('renames without an effective date: the definition did not change', () => {
    const values = { ...toCalendarFormValues(saved, bernDefinition), name: 'Zürich Nord' };
    expect(changesDefinition(values, saved)).toBe(false);
    expect(toSaveCalendar(values, saved)).toEqual({
      id: 7,
      version: 3,
      name: 'Zürich Nord',
      definition: zurich,
    });
    expect(draftVersions(values, saved)).toEqual(saved.versions);
  });

  it('sends a changed definition with its effective date, and shows it after the versions before', () => {
    const values = {
      ...withDay(toCalendarFormValues(saved, bernDefinition), '07.08.2026'),
      effectiveFrom: '01.07.2026',
    };
    expect(changesDefinition(values, saved)).toBe(true);
    const data = toSaveCalendar(values, saved);
    expect(data.effectiveFrom).toBe('2026-07-01');
    expect(data.definition.companyDays.map((day) => day.date)).toEqual(['2026-12-24', '2026-08-07']);
    expect(draftVersions(values, saved)).toEqual([
      ...saved.versions,
      { effectiveFrom: '2026-07-01', definition: data.definition },
    ]);
  });

  it('replaces the versions from the effective date on, and leaves out days still being typed', () => {
    const values = {
      ...withDay(toCalendarFormValues(saved, bernDefinition), '07.08'),
      effectiveFrom: '01.01.2026',
    };
    const versions = draftVersions(values, saved);
    expect(versions).toHaveLength(2);
    expect(versions[1]).toEqual({ effectiveFrom: '2026-01-01', definition: zurich });
  });

  it('refuses what the shared schema refuses, on the form’s fields', () => {
    const validate = calendarFormValidator(saved);
    const values = {
      ...withDay(toCalendarFormValues(saved, bernDefinition), '31.02.2026'),
      workingWeekdays: [],
    };
    const errors = validate(values);
    expect(Object.keys(errors).sort()).toEqual(['companyDays.1.date', 'effectiveFrom', 'workingWeekdays']);
    expect(validate({ ...toCalendarFormValues(saved, bernDefinition), name: '' })).toHaveProperty('name');
    expect(validate(toCalendarFormValues(saved, bernDefinition))).toEqual({});
  });
});

import {
  calendarDecider,
  calendarDeciderOf,
  calendarStream,
  definitionOn,
  deleteCalendarSchema,
  saveCalendarSchema,
  withCalendarVersion,
} from './calendar';
import type { CalendarCommand, CalendarContext, CalendarEvent } from './calendar';
import { bernDefinition } from './definition';
import type { CalendarDefinition } from './definition';
import { aContext, deciderSpec, freshId } from '../testing/decider-spec';

const spec = deciderSpec(calendarDecider);
const defaultSpec = deciderSpec(calendarDeciderOf(0));

const save = (raw: Record<string, unknown>): CalendarCommand => ({
  type: 'SaveCalendar',
  data: saveCalendarSchema.parse(raw),
});
const remove = (raw: Record<string, unknown>): CalendarCommand => ({
  type: 'DeleteCalendar',
  data: deleteCalendarSchema.parse(raw),
});
const context = (facts: Partial<CalendarContext> = {}): CalendarContext =>
  aContext({ newId: freshId(), ...facts });

const zurich: CalendarDefinition = { ...bernDefinition, region: 'ZH' };
const closing: CalendarDefinition = {
  ...zurich,
  companyDays: [{ date: '2027-12-27', kind: 'closed', yearly: false, name: 'Inventory' }],
};
const created = (id: number, name = 'Zürich'): CalendarEvent => ({
  type: 'CalendarCreated',
  data: { id, name, definition: zurich },
});

describe('calendar decider', () => {
  describe('when no calendar exists', () => {
    it('creates it with the new id, the trimmed name and its definition since always', () => {
      const ctx = context();
      spec
        .given([])
        .when(save({ name: ' Zürich ', definition: zurich }), ctx)
        .then([created(ctx.newId)]);
    });

    it('refuses an effective date on a creation, and a change without the version seen', () => {
      expect(() =>
        saveCalendarSchema.parse({ name: 'Z', definition: zurich, effectiveFrom: '2027-01-01' }),
      ).toThrow(/effectiveFrom/);
      expect(() => saveCalendarSchema.parse({ id: 5, name: 'Z', definition: zurich })).toThrow(/version/);
    });

    it('refuses a definition outside the contract (an unknown canton, a weekday twice)', () => {
      expect(
        saveCalendarSchema.safeParse({ name: 'Z', definition: { ...zurich, region: 'XX' } }).success,
      ).toBe(false);
      expect(
        saveCalendarSchema.safeParse({ name: 'Z', definition: { ...zurich, workingWeekdays: [1, 1] } })
          .success,
      ).toBe(false);
    });

    it('refuses to change or delete it', () => {
      spec
        .given([])
        .when(save({ id: freshId(), version: 0, name: 'Z', definition: zurich }), context())
        .thenThrows({ code: 'not_found', message: 'calendar not found' });
      spec
        .given([])
        .when(remove({ id: freshId(), version: 0 }), context())
        .thenThrows({ code: 'not_found', message: 'calendar not found' });
    });
  });

  describe('when the calendar exists', () => {
    const id = freshId();
    const history = [created(id)];

    it('renames it with the version the user saw', () =>
      spec
        .given(history)
        .when(save({ id, version: 0, name: 'Zürich office', definition: zurich }), context())
        .then([{ type: 'CalendarRenamed', data: { id, name: 'Zürich office' } }]));

    it('changes its definition from the effective date', () =>
      spec
        .given(history)
        .when(
          save({ id, version: 0, name: 'Zürich', definition: closing, effectiveFrom: '2027-01-01' }),
          context(),
        )
        .then([{ type: 'CalendarChanged', data: { id, effectiveFrom: '2027-01-01', definition: closing } }]));

    it('refuses a changed definition without an effective date', () =>
      spec
        .given(history)
        .when(save({ id, version: 0, name: 'Zürich', definition: closing }), context())
        .thenThrows({
          code: 'validation',
          details: { fieldErrors: [expect.objectContaining({ field: 'effectiveFrom' })] },
        }));

    it('stores nothing when neither the name nor the definition in force changes', () =>
      spec
        .given(history)
        .when(
          save({ id, version: 0, name: 'Zürich', definition: zurich, effectiveFrom: '2030-05-01' }),
          context(),
        )
        .then([]));

    it('refuses a stale version with the current one', () =>
      spec
        .given([...history, { type: 'CalendarRenamed', data: { id, name: 'ZH' } }])
        .when(save({ id, version: 0, name: 'Other', definition: zurich }), context())
        .thenThrows({ code: 'conflict', details: { currentVersion: 1 } }));

    it('deletes it when no project or resource uses it', () =>
      spec
        .given(history)
        .when(remove({ id, version: 0 }), context({ usedBy: { projects: 0, resources: 0 } }))
        .then([{ type: 'CalendarDeleted', data: { id } }]));

    it('refuses to delete it while a project or a resource uses it', () => {
      spec
        .given(history)
        .when(remove({ id, version: 0 }), context({ usedBy: { projects: 1, resources: 0 } }))
        .thenThrows({ code: 'conflict', message: 'calendar in use' });
      spec
        .given(history)
        .when(remove({ id, version: 0 }), context({ usedBy: { projects: 0, resources: 2 } }))
        .thenThrows({ code: 'conflict', message: 'calendar in use' });
    });
  });

  describe('when the calendar is the default one', () => {
    it('exists without events as Bern, at version -1, and changes like any other', () =>
      defaultSpec
        .given([])
        .when(
          save({ id: 0, version: -1, name: 'Bern', definition: closing, effectiveFrom: '2027-12-01' }),
          context(),
        )
        .then([
          { type: 'CalendarChanged', data: { id: 0, effectiveFrom: '2027-12-01', definition: closing } },
        ]));

    it('is renamed at version -1 and is never deleted', () => {
      defaultSpec
        .given([])
        .when(save({ id: 0, version: -1, name: 'Head office', definition: bernDefinition }), context())
        .then([{ type: 'CalendarRenamed', data: { id: 0, name: 'Head office' } }]);
      defaultSpec
        .given([])
        .when(remove({ id: 0, version: -1 }), context({ usedBy: { projects: 0, resources: 0 } }))
        .thenThrows({ code: 'conflict', message: 'the default calendar cannot be deleted' });
    });

    it("has one stream per tenant; other calendars their id's", () => {
      expect(calendarStream('acme', 0)).toBe('calendar-0-acme');
      expect(calendarStream('globex', 0)).not.toBe(calendarStream('acme', 0));
      expect(calendarStream('acme', 42)).toBe('calendar-42');
    });
  });
});

describe('calendar versions', () => {
  const versions = withCalendarVersion([{ effectiveFrom: null, definition: bernDefinition }], {
    effectiveFrom: '2027-01-01',
    definition: closing,
  });

  it('apply from their effective date on, the earlier before it', () => {
    expect(definitionOn(versions, '2026-12-31')).toEqual(bernDefinition);
    expect(definitionOn(versions, '2027-01-01')).toEqual(closing);
    expect(definitionOn(versions, '2040-06-30')).toEqual(closing);
  });

  it('stay ascending, a later change with the same date replacing the earlier', () => {
    const next = withCalendarVersion(
      withCalendarVersion(versions, { effectiveFrom: '2026-06-01', definition: zurich }),
      { effectiveFrom: '2027-01-01', definition: zurich },
    );
    expect(next.map((v) => v.effectiveFrom)).toEqual([null, '2026-06-01', '2027-01-01']);
    expect(next[2]!.definition).toEqual(zurich);
  });
});

import equal from 'fast-deep-equal';
import { z } from 'zod';
import { decideByType, deciderOf, evolverOf } from '../decider';
import { conflictOf, existsAlready, refusal, validationError } from '../errors';
import type { DecisionContext, DomainEvent } from '../events';
import { requiredName, serverDateSchema } from '../rules/limits';
import { say } from '../rules/messages';
import { requireVersionWhenUpdating } from '../rules/save-command';
import { assertLiveAt, markDeleted, revised } from '../rules/record-lifecycle';
import type { RecordState } from '../rules/record-lifecycle';
import { streamName } from '../streams';
import { bernDefinition, calendarDefinitionSchema, calendarNameMax, defaultCalendarId } from './definition';
import type { CalendarDefinition, CalendarVersion } from './definition';

// Issue 24: a tenant's calendars as records (docs/design/calendars.md, "Calendars as records").

/** A calendar's id: the default calendar's 0 or an allocated one. */
export const calendarIdSchema = z.number().int().min(defaultCalendarId);
/** The version a command on a calendar expects: -1 for the default calendar while it has no event. */
const version = z.number().int().min(-1);

/**
 * SaveCalendar: create without `id` (its first version applies since always); change with `id` and the
 * `version` the user saw: a new name renames it, a changed definition needs `effectiveFrom`, the first
 * day it applies to.
 */
export const saveCalendarSchema = z
  .strictObject({
    id: calendarIdSchema.optional(),
    version: version.optional(),
    name: requiredName(calendarNameMax),
    definition: calendarDefinitionSchema,
    effectiveFrom: serverDateSchema.nullish(),
  })
  .superRefine((c, ctx) => {
    requireVersionWhenUpdating(c, ctx);
    if (c.id === undefined && c.effectiveFrom != null)
      ctx.addIssue({ code: 'custom', path: ['effectiveFrom'], message: say('not-valid') });
  });
export type SaveCalendarData = z.infer<typeof saveCalendarSchema>;

export const deleteCalendarSchema = z.strictObject({ id: calendarIdSchema, version });
export type DeleteCalendarData = z.infer<typeof deleteCalendarSchema>;

export type CalendarCommand =
  | { readonly type: 'SaveCalendar'; readonly data: SaveCalendarData }
  | { readonly type: 'DeleteCalendar'; readonly data: DeleteCalendarData };

export type CalendarCreated = DomainEvent<
  'CalendarCreated',
  { readonly id: number; readonly name: string; readonly definition: CalendarDefinition }
>;
export type CalendarChanged = DomainEvent<
  'CalendarChanged',
  { readonly id: number; readonly effectiveFrom: string; readonly definition: CalendarDefinition }
>;
export type CalendarRenamed = DomainEvent<'CalendarRenamed', { readonly id: number; readonly name: string }>;
export type CalendarDeleted = DomainEvent<'CalendarDeleted', { readonly id: number }>;
export type CalendarEvent = CalendarCreated | CalendarChanged | CalendarRenamed | CalendarDeleted;

/** A calendar's stream: the default calendar has one per tenant, every other calendar its own id's. */
export const calendarStream = (tenant: string, id: number): string =>
  id === defaultCalendarId
    ? streamName('calendar', `${defaultCalendarId}-${tenant}`)
    : streamName('calendar', id);

/** The default calendar's name until it is renamed. */
export const defaultCalendarName = 'Bern';

/** The versions with `next` in its place (ascending by effective date; the same date replaces the earlier). */
export const withCalendarVersion = (
  versions: readonly CalendarVersion[],
  next: CalendarVersion,
): CalendarVersion[] =>
  [...versions.filter((v) => v.effectiveFrom !== next.effectiveFrom), next].sort((a, b) =>
    a.effectiveFrom === null
      ? -1
      : b.effectiveFrom === null
        ? 1
        : a.effectiveFrom.localeCompare(b.effectiveFrom),
  );

/** The definition that applies on `date` (YYYY-MM-DD): the last version effective on or before it. */
export const definitionOn = (versions: readonly CalendarVersion[], date: string): CalendarDefinition =>
  versions.findLast((v) => v.effectiveFrom === null || v.effectiveFrom <= date)?.definition ??
  versions[0]!.definition;

export type CalendarState = RecordState<{
  readonly name: string;
  readonly versions: readonly CalendarVersion[];
}>;

export const initialCalendarState: CalendarState = { status: 'absent' };

/** The default calendar's versions until it is changed: Bern (§9) since always. */
export const defaultCalendarVersions: readonly CalendarVersion[] = [
  { effectiveFrom: null, definition: bernDefinition },
];

/** The default calendar before its first event, at version -1 (its stream is empty). */
export const defaultCalendarState: CalendarState = {
  status: 'active',
  id: defaultCalendarId,
  name: defaultCalendarName,
  versions: defaultCalendarVersions,
  version: -1,
};

export const evolveCalendar = evolverOf<CalendarState, CalendarEvent>({
  CalendarCreated: (_state, { id, name, definition }) => ({
    status: 'active',
    id,
    name,
    versions: [{ effectiveFrom: null, definition }],
    version: 0,
  }),
  CalendarChanged: (state, { effectiveFrom, definition }) =>
    revised(state, ({ versions }) => ({
      versions: withCalendarVersion(versions, { effectiveFrom, definition }),
    })),
  CalendarRenamed: (state, { name }) => revised(state, () => ({ name })),
  CalendarDeleted: markDeleted,
});

export interface CalendarContext extends DecisionContext {
  /** The id allocated for a new calendar. */
  readonly newId: number;
  /** For a delete of a live calendar: how many live projects and resources of the tenant use it. */
  readonly usedBy?: { readonly projects: number; readonly resources: number };
}

/** The change a save makes to a calendar's versions: none, or a version from `effectiveFrom` on. */
const changeOf = (
  data: SaveCalendarData,
  id: number,
  versions: readonly CalendarVersion[],
): CalendarChanged[] => {
  const { definition, effectiveFrom } = data;
  if (effectiveFrom == null) {
    if (equal(definition, versions.at(-1)!.definition)) return [];
    throw refusal('invalid', 'a changed definition needs the date it applies from', {
      field: 'effectiveFrom',
    });
  }
  return equal(definition, definitionOn(versions, effectiveFrom))
    ? []
    : [{ type: 'CalendarChanged', data: { id, effectiveFrom, definition } }];
};

export const decideCalendar = decideByType<CalendarCommand, CalendarState, CalendarEvent, CalendarContext>({
  SaveCalendar: (data, state, context) => {
    if (data.id === undefined) {
      if (state.status !== 'absent') throw existsAlready('calendar');
      const { name, definition } = data;
      return [{ type: 'CalendarCreated', data: { id: context.newId, name, definition } }];
    }
    assertLiveAt(state, data.version, 'calendar');
    const renamed: CalendarRenamed[] =
      data.name === state.name ? [] : [{ type: 'CalendarRenamed', data: { id: state.id, name: data.name } }];
    return [...changeOf(data, state.id, state.versions), ...renamed];
  },
  DeleteCalendar: (data, state, context) => {
    assertLiveAt(state, data.version, 'calendar');
    if (state.id === defaultCalendarId)
      throw conflictOf('conflict', 'the default calendar cannot be deleted');
    // a broken invariant, not a refusal: the handler asks who uses a calendar it may delete
    if (!context.usedBy) throw new Error("DeleteCalendar decided without the calendar's users");
    const { projects, resources } = context.usedBy;
    if (projects + resources > 0) throw conflictOf('in-use', 'calendar in use', { what: 'calendar' });
    return [{ type: 'CalendarDeleted', data: { id: state.id } }];
  },
});

export const calendarDecider = deciderOf(decideCalendar, evolveCalendar, initialCalendarState);

/** The decider of calendar `id`: the default calendar starts as Bern instead of absent. */
export const calendarDeciderOf = (id: number) =>
  id === defaultCalendarId ? { ...calendarDecider, initialState: defaultCalendarState } : calendarDecider;

/** The refusal of a project or resource that names a calendar the tenant does not have (live). */
export const calendarNotFound = () =>
  validationError('calendar not found', [{ field: 'calendar', message: say('not-found') }]);

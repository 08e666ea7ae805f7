import { z } from 'zod';
import { say } from '../rules/messages';
import { requireVersionWhenUpdating } from '../rules/save-command';
import { decideByType, deciderOf, evolverOf } from '../decider';
import type { DecisionContext, DomainEvent } from '../events';
import { existsAlready, validationError } from '../errors';
import { requiredName } from '../rules/limits';
import { calendarIdSchema } from '../calendar/calendar';
import { assertLiveAt, markDeleted, revised } from '../rules/record-lifecycle';
import type { RecordState } from '../rules/record-lifecycle';

const id = z.number().int().positive();
const version = z.number().int().min(0);

/** The longest resource name (§3 Resource: id, name). */
export const resourceNameMax = 100;

/** §3 Resource: a name, trimmed, 1–100 characters; names need not be unique. */
export const resourceNameSchema = requiredName(resourceNameMax);

/** Issue 24: a resource's part-time share of a full working day, in percent. */
export const resourceShareSchema = z.number().int().min(1).max(100);

/**
 * SaveResource: create without `id`; change with `id` and the `version` the user saw. Issue 24: its own
 * calendar (null: none, the projects' calendars apply) and part-time share; omitted on a change: unchanged.
 */
export const saveResourceSchema = z
  .strictObject({
    id: id.optional(),
    version: version.optional(),
    name: resourceNameSchema,
    calendar: calendarIdSchema.nullable().optional(),
    share: resourceShareSchema.optional(),
  })
  .superRefine(requireVersionWhenUpdating);
export type SaveResourceData = z.infer<typeof saveResourceSchema>;

export const deleteResourceSchema = z.strictObject({ id, version });
export type DeleteResourceData = z.infer<typeof deleteResourceSchema>;

export type ResourceCommand =
  | { readonly type: 'SaveResource'; readonly data: SaveResourceData }
  | { readonly type: 'DeleteResource'; readonly data: DeleteResourceData };

/** A resource's calendar and part-time share (issue 24); absent on resources created before: none, 100. */
export interface ResourceCalendarFields {
  readonly calendar: number | null;
  readonly share: number;
}
/** Before issue 24 a resource had no calendar and worked full time. */
export const defaultResourceCalendar: ResourceCalendarFields = { calendar: null, share: 100 };

export type ResourceCreated = DomainEvent<
  'ResourceCreated',
  { readonly id: number; readonly name: string } & Partial<ResourceCalendarFields>
>;
export type ResourceRenamed = DomainEvent<'ResourceRenamed', { readonly id: number; readonly name: string }>;
/** Issue 24: a resource's own calendar or part-time share changed; both are named. */
export type ResourceCalendarChanged = DomainEvent<
  'ResourceCalendarChanged',
  { readonly id: number } & ResourceCalendarFields
>;
export type ResourceDeleted = DomainEvent<'ResourceDeleted', { readonly id: number }>;
export type ResourceEvent = ResourceCreated | ResourceRenamed | ResourceCalendarChanged | ResourceDeleted;

export type ResourceState = RecordState<{ readonly name: string } & ResourceCalendarFields>;

export const initialResourceState: ResourceState = { status: 'absent' };

export const evolveResource = evolverOf<ResourceState, ResourceEvent>({
  ResourceCreated: (_state, { id, name, calendar, share }) => ({
    status: 'active',
    id,
    name,
    calendar: calendar ?? defaultResourceCalendar.calendar,
    share: share ?? defaultResourceCalendar.share,
    version: 0,
  }),
  ResourceRenamed: (state, { name }) => revised(state, () => ({ name })),
  ResourceCalendarChanged: (state, { calendar, share }) => revised(state, () => ({ calendar, share })),
  ResourceDeleted: markDeleted,
});

export interface ResourceContext extends DecisionContext {
  /** The id allocated for a new resource. */
  readonly newId: number;
}

export const decideResource = decideByType<ResourceCommand, ResourceState, ResourceEvent, ResourceContext>({
  SaveResource: (data, state, context) => {
    const { id: requestedId, version: seen, name } = data;
    if (requestedId === undefined) {
      if (state.status !== 'absent') throw existsAlready('resource');
      const calendar = data.calendar ?? defaultResourceCalendar.calendar;
      const share = data.share ?? defaultResourceCalendar.share;
      return [{ type: 'ResourceCreated', data: { id: context.newId, name, calendar, share } }];
    }
    assertLiveAt(state, seen, 'resource');
    const calendar = data.calendar === undefined ? state.calendar : data.calendar;
    const share = data.share ?? state.share;
    const events: ResourceEvent[] =
      name === state.name ? [] : [{ type: 'ResourceRenamed', data: { id: state.id, name } }];
    if (calendar !== state.calendar || share !== state.share)
      events.push({ type: 'ResourceCalendarChanged', data: { id: state.id, calendar, share } });
    return events;
  },
  DeleteResource: (data, state) => {
    assertLiveAt(state, data.version, 'resource');
    return [{ type: 'ResourceDeleted', data: { id: state.id } }];
  },
});

export const resourceDecider = deciderOf(decideResource, evolveResource, initialResourceState);

/** The refusal of a project or item that names a resource the tenant does not have (live). */
export const resourceNotFound = () =>
  validationError('resource not found', [{ field: 'resource', message: say('not-found') }]);

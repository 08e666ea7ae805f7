import { z } from 'zod';
import { isScenarioStream } from './streams';
import type { Category } from './streams';
import type { StoredEvent } from './events';
import { accountRefTypes } from './account/account';
import type { AccountEntry, AccountEvent } from './account/account';
import { applicationStatuses } from './application/application';
import type { ApplicationEvent, ApplicationFields } from './application/application';
import { createCommentSchema } from './comment/comment';
import type { GoalEvent } from './goal/goal';
import type { BaselineEvent } from './baseline/baseline';
import type { ScenarioEvent } from './scenario/scenario';
import { resourceNameMax } from './resource/resource';
import type { ResourceEvent } from './resource/resource';
import { calendarIdSchema } from './calendar/calendar';
import type { CalendarEvent } from './calendar/calendar';
import { calendarDefinitionSchema, calendarNameMax } from './calendar/definition';
import { groupGoalValueSchema, groupMetricSchema, jiraRepoSchema } from './group/group.commands';
import { subgroupIdSchema, subgroupTypes } from './group/subgroups';
import type { GroupEvent } from './group/group.events';
import type { CommentEvent } from './comment/comment';
import { itemSystemTypes } from './item/item';
import type { ItemEvent } from './item/item';
import { dependencyTypes } from './dependency/dependency';
import { schedulingModes } from './schedule/schedule';
import type { DependencyEvent } from './dependency/dependency';
import { attributeValueSchema } from './rules/attributes';
import { limits, serverDateSchema, serverDateTimeSchema } from './rules/limits';
import { numberIn, ranges } from './rules/ranges';
import { planningEventHeaders } from './topics';

/*
 * The published event catalogue: what downstream systems receive on the planning-events topic.
 * The command schemas normalise their input with transforms (empty text → null, missing status →
 * UNDEFINIERT), which JSON Schema cannot express; the schemas below describe the normalised
 * output that events carry, built from the same limits, enums and element schemas. Drift from the
 * domain types is caught at compile time (`_CatalogueMatchesDomain` below) and by the catalogue's unit spec,
 * which parses the events the deciders produce.
 *
 * Identity, session, id-block and idempotency events (password and token hashes among them) are
 * deliberately absent: only events listed here are ever published.
 */

const id = z.number().int().positive();
const nullableText = (max: number) => z.string().max(max).nullable();
/** Optional texts, each bounded by the limit of its own name. */
const limitedTexts = <Name extends keyof typeof limits>(...names: Name[]) =>
  Object.fromEntries(names.map((name) => [name, nullableText(limits[name])])) as Record<
    Name,
    ReturnType<typeof nullableText>
  >;

/** An application's fields as events carry them: the output of `applicationFieldsSchema`. */
export const applicationFieldsEventSchema = z.object({
  name: z.string().min(1).max(limits.title),
  ...limitedTexts('release', 'shortname', 'description', 'contact'),
  start: serverDateSchema.nullable(),
  end: serverDateSchema.nullable(),
  ...limitedTexts('assetNr', 'provider', 'vendor', 'cockpitid', 'docUrl'),
  parent: id.nullable(),
  parentOrder: z.number().int().nullable(),
  rank: z.string().max(100).nullable(),
  status: z.enum(applicationStatuses),
  attributes: z.array(attributeValueSchema).max(100),
  account: id.nullable(),
});

const code = numberIn(ranges.code);
const rating = numberIn(ranges.rating).nullable();

/** A project's fields as events carry them: the output of `groupFieldsSchema`. */
export const groupFieldsEventSchema = z.object({
  title: z.string().min(1).max(limits.title),
  ...limitedTexts('shortname', 'description', 'contact', 'projectNr', 'docUrl', 'iamId'),
  start: serverDateSchema.nullable(),
  end: serverDateSchema.nullable(),
  parent: id.nullable(),
  parentOrder: z.number().int().nullable(),
  jirarepo: jiraRepoSchema.nullable(),
  jiraid: nullableText(limits.issueId),
  cockpitid: nullableText(limits.cockpitid),
  metric1: rating,
  metric2: rating,
  metric3: rating,
  metric4: numberIn(ranges.metric4).nullable(),
  metrics: z.array(groupMetricSchema.extend({ group: z.string().max(100).nullable() })).nullable(),
  healthStatus: code,
  phase: code,
  status: code,
  art: code,
  klasse: code,
  resource: id.nullable(),
  applications: z.array(id),
  attributes: z.array(attributeValueSchema).max(100),
  account: id.nullable(),
  visible: z.boolean(),
  /** Issue 21; absent: manual. */
  scheduling: z.enum(schedulingModes).optional(),
  /** Issue 24; absent: the tenant's default calendar, 0. */
  calendar: calendarIdSchema.optional(),
});

const itemStatus = numberIn(ranges.itemStatus);

/** An item's fields as events carry them: the output of `itemFieldsSchema` after the §4/§5 rules. */
export const itemFieldsEventSchema = z.object({
  title: z.string().min(1).max(limits.title),
  ...limitedTexts('subtitle', 'shortname', 'description'),
  effort: z.number().min(0).max(1_000_000).nullable(),
  jiraid: nullableText(limits.issueId),
  group: id,
  subgroup: subgroupIdSchema.nullable(),
  resource: id.nullable(),
  jiragroup: nullableText(100),
  start: serverDateTimeSchema,
  /** Exclusive; null for a milestone. */
  end: serverDateTimeSchema.nullable(),
  status: itemStatus,
  docUrl: nullableText(limits.docUrl),
  rank: z.string().max(100).nullable(),
  className: nullableText(limits.className),
  type: z.enum(itemSystemTypes).nullable(),
  attributes: z.array(attributeValueSchema).max(100),
});
/** The status a system type set aside (§4). */
const storedStatus = itemStatus.nullable();

/** A finance entry as events carry it: the output of `accountEntrySchema`. */
export const accountEntryEventSchema = z.object({
  sicht: z.string().min(1).max(50),
  periode: z.string().max(20).nullable(),
  /** Unbounded: entries recorded before `ranges.amount` may hold larger amounts; new ones keep to it. */
  amount: z.number().nullable(),
  projekt: z.string().max(100).nullable(),
  typ: z.string().max(100).nullable(),
  gruppe: z.string().max(100).nullable(),
});

const applicationCreatedData = applicationFieldsEventSchema.extend({ id });
const applicationUpdatedData = z.object({ id, changes: applicationFieldsEventSchema.partial() });
const applicationDeletedData = z.object({ id });
const applicationRestoredData = z.object({ id });
const commentCreatedData = z.object({
  ...createCommentSchema.shape,
  id,
  createdAt: z.iso.datetime(),
  createdBy: z.string().min(1),
});
const accountCreatedData = z.object({
  id,
  accountNumber: z.string().min(1).max(limits.assetNr),
  name: z.string().min(1).max(limits.title),
  refType: z.enum(accountRefTypes),
  refId: id,
});
const groupCreatedData = groupFieldsEventSchema.extend({ id });
const groupUpdatedData = z.object({ id, changes: groupFieldsEventSchema.partial() });
const groupDeletedData = z.object({ id });
const groupRestoredData = z.object({ id });
const groupGoalsSetData = z.object({ id, goals: z.array(groupGoalValueSchema).min(1) });
const projectShareData = z.object({ id, tenant: z.string().min(1).max(100) });
const projectSharedData = projectShareData.extend({ status: z.literal('PENDING') });
const goalCreatedData = z.object({
  id,
  name: z.string().min(1).max(limits.title),
  parent: id.nullable(),
  type: z.string().max(50).nullable(),
  rank: z.number().int().nullable(),
  description: nullableText(limits.description),
  assignable: z.boolean(),
});
const goalUpdatedData = z.object({ id, changes: goalCreatedData.omit({ id: true }).partial() });
const goalDeletedData = z.object({ id });
const resourceNamedData = z.object({ id, name: z.string().min(1).max(resourceNameMax) });
const resourceCalendarData = z.object({
  calendar: calendarIdSchema.nullable(),
  share: z.number().int().min(1).max(100),
});
const resourceCreatedData = resourceNamedData.extend(resourceCalendarData.partial().shape);
const resourceCalendarChangedData = resourceCalendarData.extend({ id });
const resourceDeletedData = z.object({ id });
const calendarName = z.string().min(1).max(calendarNameMax);
const calendarCreatedData = z.object({
  id: calendarIdSchema,
  name: calendarName,
  definition: calendarDefinitionSchema,
});
const calendarChangedData = z.object({
  id: calendarIdSchema,
  effectiveFrom: serverDateSchema,
  definition: calendarDefinitionSchema,
});
const calendarRenamedData = z.object({ id: calendarIdSchema, name: calendarName });
const calendarDeletedData = z.object({ id: calendarIdSchema });
const accountEntriesAddedData = z.object({ id, entries: z.array(accountEntryEventSchema).min(1) });
const accountEntryRemovedData = z.object({
  id,
  sicht: accountEntryEventSchema.shape.sicht,
  periode: accountEntryEventSchema.shape.periode,
});
const subgroupSchema = z.object({
  id: subgroupIdSchema,
  name: z.string().min(1).max(limits.title),
  type: z.enum(subgroupTypes),
});
const subgroupAddedData = z.object({ id, subgroup: subgroupSchema });
const subgroupRemovedData = z.object({ id, subgroup: subgroupIdSchema });
const subgroupRestoredData = subgroupAddedData;
const subgroupRenamedData = z.object({
  id,
  subgroup: subgroupIdSchema,
  name: z.string().min(1).max(limits.title),
});
const itemCreatedData = itemFieldsEventSchema.extend({ id, storedStatus });
const itemUpdatedData = z.object({
  id,
  changes: itemFieldsEventSchema.extend({ storedStatus }).partial(),
});
const itemDeletedData = z.object({ id });
const itemRestoredData = z.object({ id });
const dependencyAddedData = z.object({
  id,
  predecessor: id,
  successor: id,
  type: z.enum(dependencyTypes),
  lag: z.number().int().min(ranges.dependencyLag.min).max(ranges.dependencyLag.max),
});
const dependencyRemovedData = z.object({ id, predecessor: id, successor: id });
const baselineCreatedData = z.object({
  id,
  name: z.string().min(1).max(limits.title),
  at: z.iso.datetime(),
});
const baselineDeletedData = z.object({ id });
const scenarioCreatedData = z.object({
  id,
  name: z.string().min(1).max(limits.title),
  description: z.string().max(limits.description).nullable(),
  from: z.iso.datetime(),
});
const scenarioRenamedData = z.object({
  id,
  name: z.string().min(1).max(limits.title),
  description: z.string().max(limits.description).nullable(),
});
const scenarioDiscardedData = z.object({ id });
const scenarioPublishedData = z.object({
  id,
  changes: z
    .array(
      z.object({
        stream: z.string(),
        expectedVersion: z.number().int().min(0).nullable(),
        events: z.array(z.object({ type: z.string(), data: z.unknown() }).readonly()).readonly(),
      }),
    )
    .readonly(),
});
const fieldDifferenceData = z.object({ field: z.string(), live: z.unknown(), scenario: z.unknown() });
const scenarioPublishRevertedData = z.object({
  id,
  records: z
    .array(
      z.object({
        kind: z.enum(['item', 'group', 'lane', 'goal', 'account', 'dependency']),
        id,
        title: z.string(),
        change: z.enum(['created', 'changed', 'deleted']),
        fields: z.array(fieldDifferenceData).readonly(),
        conflicts: z.array(fieldDifferenceData).readonly(),
      }),
    )
    .readonly(),
});

/** True when A and B have the same keys and each is assignable to the other. */
type SameShape<A, B> = [A, B] extends [B, A]
  ? [keyof A, keyof B] extends [keyof B, keyof A]
    ? true
    : false
  : false;
type Assert<T extends true> = T;
/** Fails to compile when a catalogue schema and its domain event type drift apart. */
type _CatalogueMatchesDomain = [
  Assert<SameShape<z.output<typeof applicationFieldsEventSchema>, ApplicationFields>>,
  Assert<SameShape<z.output<typeof accountEntryEventSchema>, AccountEntry>>,
  // Every event of the planning aggregates is published, and nothing else, each with the data it has.
  Assert<EachSameShape<CatalogueData, { [E in PlanningDomainEvent as E['type']]: E['data'] }>>,
];
/** True when A and B have the same keys and the same shape under each. */
type EachSameShape<A, B> =
  SameShape<{ [K in keyof A]: K }, { [K in keyof B]: K }> extends true
    ? { [K in keyof A & keyof B]: SameShape<A[K], B[K]> }[keyof A & keyof B] extends true
      ? true
      : false
    : false;
type CatalogueData = { [T in PublishedEventType]: z.output<(typeof eventCatalogue)[T]['data']> };
/** Every event of the planning aggregates: what the catalogue publishes. */
export type PlanningDomainEvent =
  | ApplicationEvent
  | CommentEvent
  | AccountEvent
  | GroupEvent
  | GoalEvent
  | ResourceEvent
  | CalendarEvent
  | ItemEvent
  | DependencyEvent
  | BaselineEvent
  | ScenarioEvent;

/** One published event type in one schema version. */
export interface PublishedEventDefinition<Data extends z.ZodType = z.ZodType> {
  /**
   * Version of `data`'s shape; new optional fields keep it, a new required field or a change of meaning
   * is a new version, with an upcaster from the previous one (upcasting.ts).
   */
  readonly schemaVersion: number;
  /** The aggregate (stream category) the event belongs to. */
  readonly category: Category;
  readonly summary: string;
  readonly data: Data;
  /** The aggregate's id: the Kafka message key, so that one aggregate's events stay in order. */
  readonly aggregateId: (data: z.output<Data>) => string;
}

const defineEvent = <Data extends z.ZodType>(definition: PublishedEventDefinition<Data>) => definition;

const byId = (data: { readonly id: number }) => String(data.id);

/** Every planning event published to downstream systems, with its current schema version. */
export const eventCatalogue = {
  ApplicationCreated: defineEvent({
    schemaVersion: 1,
    category: 'application',
    summary: 'An application was created; `data` holds every field.',
    data: applicationCreatedData,
    aggregateId: byId,
  }),
  ApplicationUpdated: defineEvent({
    schemaVersion: 1,
    category: 'application',
    summary: 'Fields of an application changed; `changes` holds only the changed fields (null clears one).',
    data: applicationUpdatedData,
    aggregateId: byId,
  }),
  ApplicationDeleted: defineEvent({
    schemaVersion: 1,
    category: 'application',
    summary: 'An application was soft-deleted.',
    data: applicationDeletedData,
    aggregateId: byId,
  }),
  ApplicationRestored: defineEvent({
    schemaVersion: 1,
    category: 'application',
    summary:
      'A deleted application is live again, as it was when deleted; the deletion stays in the history.',
    data: applicationRestoredData,
    aggregateId: byId,
  }),
  CommentCreated: defineEvent({
    schemaVersion: 1,
    category: 'comment',
    summary: 'A comment was added to an application, a project or an item.',
    data: commentCreatedData,
    aggregateId: byId,
  }),
  AccountCreated: defineEvent({
    schemaVersion: 1,
    category: 'account',
    summary:
      'A finance account was created for an application (number from its assetNr, name from its name).',
    data: accountCreatedData,
    aggregateId: byId,
  }),
  AccountEntriesAdded: defineEvent({
    schemaVersion: 1,
    category: 'account',
    summary: 'Finance entries were recorded on an account.',
    data: accountEntriesAddedData,
    aggregateId: byId,
  }),
  AccountEntryRemoved: defineEvent({
    schemaVersion: 1,
    category: 'account',
    summary:
      'The entry with key (sicht, periode) left an account; recording the same entry again (AccountEntriesAdded) brings it back.',
    data: accountEntryRemovedData,
    aggregateId: byId,
  }),
  GroupCreated: defineEvent({
    schemaVersion: 1,
    category: 'group',
    summary: 'A project (group) was created; `data` holds every field.',
    data: groupCreatedData,
    aggregateId: byId,
  }),
  GroupUpdated: defineEvent({
    schemaVersion: 1,
    category: 'group',
    summary: 'Fields of a project changed; `changes` holds only the changed fields (null clears one).',
    data: groupUpdatedData,
    aggregateId: byId,
  }),
  GroupDeleted: defineEvent({
    schemaVersion: 1,
    category: 'group',
    summary:
      'A project was soft-deleted (it had no subprojects and no shares). Its items and lanes go with it without events of their own: consumers hide the items of a deleted project.',
    data: groupDeletedData,
    aggregateId: byId,
  }),
  GroupRestored: defineEvent({
    schemaVersion: 1,
    category: 'group',
    summary:
      'A deleted project is live again, with the items and lanes it had when it was deleted; the deletion stays in the history.',
    data: groupRestoredData,
    aggregateId: byId,
  }),
  GroupGoalsSet: defineEvent({
    schemaVersion: 1,
    category: 'group',
    summary: "A project's goal values (0–9) changed; `goals` holds only the changed ones.",
    data: groupGoalsSetData,
    aggregateId: byId,
  }),
  ProjectShared: defineEvent({
    schemaVersion: 2,
    category: 'group',
    summary:
      'A project was shared with another tenant (pending until that tenant accepts). Version 2 names the status; version 1 lacked it.',
    data: projectSharedData,
    aggregateId: byId,
  }),
  ProjectUnshared: defineEvent({
    schemaVersion: 1,
    category: 'group',
    summary: 'A project is no longer shared with a tenant (whether the share was pending or accepted).',
    data: projectShareData,
    aggregateId: byId,
  }),
  ProjectShareAccepted: defineEvent({
    schemaVersion: 1,
    category: 'group',
    summary:
      "The tenant a project was shared with accepted the share: the project now shows in that tenant's portfolio, read-only. Published under the owner's tenant; `data.tenant` is the accepting one.",
    data: projectShareData,
    aggregateId: byId,
  }),
  ProjectShareDeclined: defineEvent({
    schemaVersion: 1,
    category: 'group',
    summary:
      "The tenant a project was shared with declined the pending share: the share ended, and the owner may share again. Published under the owner's tenant; `data.tenant` is the declining one.",
    data: projectShareData,
    aggregateId: byId,
  }),
  SubgroupAdded: defineEvent({
    schemaVersion: 1,
    category: 'group',
    summary: 'An INDIVIDUAL lane (subgroup) was added to a project; `subgroup.id` is unique in the project.',
    data: subgroupAddedData,
    aggregateId: byId,
  }),
  SubgroupRenamed: defineEvent({
    schemaVersion: 1,
    category: 'group',
    summary: "One of a project's INDIVIDUAL lanes was renamed.",
    data: subgroupRenamedData,
    aggregateId: byId,
  }),
  SubgroupRemoved: defineEvent({
    schemaVersion: 1,
    category: 'group',
    summary: "One of a project's INDIVIDUAL lanes, holding no items, was removed.",
    data: subgroupRemovedData,
    aggregateId: byId,
  }),
  SubgroupRestored: defineEvent({
    schemaVersion: 1,
    category: 'group',
    summary: 'A removed lane is back in its project, with the id and name it had.',
    data: subgroupRestoredData,
    aggregateId: byId,
  }),
  GoalCreated: defineEvent({
    schemaVersion: 1,
    category: 'goal',
    summary: 'A strategic goal was created.',
    data: goalCreatedData,
    aggregateId: byId,
  }),
  GoalUpdated: defineEvent({
    schemaVersion: 1,
    category: 'goal',
    summary: 'Fields of a strategic goal changed; `changes` holds only the changed fields (null clears one).',
    data: goalUpdatedData,
    aggregateId: byId,
  }),
  GoalDeleted: defineEvent({
    schemaVersion: 1,
    category: 'goal',
    summary:
      'A strategic goal was soft-deleted (no live project had a value for it, no live goal named it as parent).',
    data: goalDeletedData,
    aggregateId: byId,
  }),
  ResourceCreated: defineEvent({
    schemaVersion: 1,
    category: 'resource',
    summary:
      'A resource (a team or a person that projects and items are assigned to) was created; since issue 24 with its own `calendar` (null: none) and part-time `share` in percent (absent: none, 100).',
    data: resourceCreatedData,
    aggregateId: byId,
  }),
  ResourceRenamed: defineEvent({
    schemaVersion: 1,
    category: 'resource',
    summary: 'A resource was renamed.',
    data: resourceNamedData,
    aggregateId: byId,
  }),
  ResourceCalendarChanged: defineEvent({
    schemaVersion: 1,
    category: 'resource',
    summary:
      "A resource's own working-day `calendar` (null: none, its projects' calendars apply) or its part-time `share` (percent of a working day) changed; both are named.",
    data: resourceCalendarChangedData,
    aggregateId: byId,
  }),
  ResourceDeleted: defineEvent({
    schemaVersion: 1,
    category: 'resource',
    summary: 'A resource was soft-deleted; projects and items that name it keep its id.',
    data: resourceDeletedData,
    aggregateId: byId,
  }),
  CalendarCreated: defineEvent({
    schemaVersion: 1,
    category: 'calendar',
    summary:
      "A working-day calendar was created (issue 24): its `definition` (canton of the public holidays, working weekdays, company days, exceptions) applies since always. The tenant's default calendar, id 0, exists without this event, as Bern.",
    data: calendarCreatedData,
    aggregateId: byId,
  }),
  CalendarChanged: defineEvent({
    schemaVersion: 1,
    category: 'calendar',
    summary:
      "A calendar's definition changed from `effectiveFrom` on (inclusive): days before keep the earlier version; a later change with the same date replaces this one. Id 0 is the tenant's default calendar.",
    data: calendarChangedData,
    aggregateId: byId,
  }),
  CalendarRenamed: defineEvent({
    schemaVersion: 1,
    category: 'calendar',
    summary: 'A calendar was renamed.',
    data: calendarRenamedData,
    aggregateId: byId,
  }),
  CalendarDeleted: defineEvent({
    schemaVersion: 1,
    category: 'calendar',
    summary: 'A calendar that no live project or resource used was deleted.',
    data: calendarDeletedData,
    aggregateId: byId,
  }),
  ItemCreated: defineEvent({
    schemaVersion: 1,
    category: 'item',
    summary:
      'A task or milestone (end null) was created in a project; `data` holds every field, and `storedStatus` the status a system type set aside.',
    data: itemCreatedData,
    aggregateId: byId,
  }),
  ItemUpdated: defineEvent({
    schemaVersion: 1,
    category: 'item',
    summary: 'Fields of an item changed; `changes` holds only the changed fields (null clears one).',
    data: itemUpdatedData,
    aggregateId: byId,
  }),
  ItemDeleted: defineEvent({
    schemaVersion: 1,
    category: 'item',
    summary: 'An item was soft-deleted.',
    data: itemDeletedData,
    aggregateId: byId,
  }),
  ItemRestored: defineEvent({
    schemaVersion: 1,
    category: 'item',
    summary: 'A deleted item is live again, as it was when deleted; the deletion stays in the history.',
    data: itemRestoredData,
    aggregateId: byId,
  }),
  DependencyAdded: defineEvent({
    schemaVersion: 1,
    category: 'dependencies',
    summary:
      'Item `successor` depends on item `predecessor` (issue 21): finish-to-start or start-to-start, `lag` in working days (negative: a lead). The predecessor may be an item of a project shared with the tenant; the successor is always its own.',
    data: dependencyAddedData,
    aggregateId: byId,
  }),
  DependencyRemoved: defineEvent({
    schemaVersion: 1,
    category: 'dependencies',
    summary: 'A dependency was removed; `predecessor` and `successor` name the items it linked.',
    data: dependencyRemovedData,
    aggregateId: byId,
  }),
  BaselineCreated: defineEvent({
    schemaVersion: 1,
    category: 'baseline',
    summary:
      'A baseline was named: the plan as it stood at `at` (any past instant since the tenant existed); nothing of the plan is copied.',
    data: baselineCreatedData,
    aggregateId: byId,
  }),
  BaselineDeleted: defineEvent({
    schemaVersion: 1,
    category: 'baseline',
    summary: 'A baseline was deleted: it is no longer listed; the plan it named is untouched.',
    data: baselineDeletedData,
    aggregateId: byId,
  }),
  ScenarioCreated: defineEvent({
    schemaVersion: 1,
    category: 'scenario',
    summary:
      'A what-if scenario was branched from the plan at `from`. Only its lifecycle is published: the changes made inside it are not, until a publish applies them to the live plan as ordinary events.',
    data: scenarioCreatedData,
    aggregateId: byId,
  }),
  ScenarioRenamed: defineEvent({
    schemaVersion: 1,
    category: 'scenario',
    summary: 'A scenario got a new name and description.',
    data: scenarioRenamedData,
    aggregateId: byId,
  }),
  ScenarioDiscarded: defineEvent({
    schemaVersion: 1,
    category: 'scenario',
    summary: 'A scenario was discarded unpublished: nothing of it reached the live plan.',
    data: scenarioDiscardedData,
    aggregateId: byId,
  }),
  ScenarioPublished: defineEvent({
    schemaVersion: 1,
    category: 'scenario',
    summary:
      "A scenario was published: its changes, per live stream and after the revision it had, follow as ordinary events (`metadata.source` `scenario:<id>`, this event's correlation), and the scenario is closed.",
    data: scenarioPublishedData,
    aggregateId: byId,
  }),
  ScenarioPublishReverted: defineEvent({
    schemaVersion: 1,
    category: 'scenario',
    summary:
      'A publish was taken back: the live plan changed a record while its changes followed, so those that had followed were reverted by ordinary events; `records` names the conflicts. The scenario is open again.',
    data: scenarioPublishRevertedData,
    aggregateId: byId,
  }),
} as const;

export type PublishedEventType = keyof typeof eventCatalogue;
export const publishedEventTypes = Object.keys(eventCatalogue) as PublishedEventType[];

/** Whether events of this type go to downstream systems; anything not in the catalogue never does. */
export const isPublishedEvent = (type: string): type is PublishedEventType =>
  Object.hasOwn(eventCatalogue, type);

/** The stream categories that hold published events: a publisher need read no others. */
export const publishedCategories: readonly Category[] = [
  ...new Set(Object.values(eventCatalogue).map((definition) => definition.category)),
];

/** The aggregate id (Kafka key) of a published event. */
export const aggregateIdOf = (type: PublishedEventType, data: unknown): string =>
  (eventCatalogue[type].aggregateId as (data: unknown) => string)(data);

/** What every message on the planning-events topic carries around the event's `data`. */
export const planningEventEnvelopeSchema = z.object({
  /** The event id (a UUID): unique per event, the same on every redelivery; de-duplicate by it. */
  id: z.guid(),
  type: z.string().min(1),
  schemaVersion: z.number().int().positive(),
  tenant: z.string().min(1),
  /** The aggregate's category, e.g. `application`. */
  aggregateType: z.string().min(1),
  /** The aggregate's id; also the message key. */
  aggregateId: z.string().min(1),
  /** Global position in Fahrplan's event log: increases with every event. */
  position: z.number().int().positive(),
  /** The event's revision in its aggregate's stream (0-based): the aggregate's version after it. */
  revision: z.number().int().min(0),
  /** When the command that caused the event was decided. */
  occurredAt: z.iso.datetime({ offset: true }),
  correlationId: z.string().min(1),
  causationId: z.string().min(1),
  data: z.unknown(),
});
export type PlanningEventEnvelope = z.output<typeof planningEventEnvelopeSchema>;

const envelopeOf = <T extends PublishedEventType>(type: T) => {
  const definition = eventCatalogue[type];
  return planningEventEnvelopeSchema.extend({
    type: z.literal(type),
    schemaVersion: z.literal(definition.schemaVersion),
    aggregateType: z.literal(definition.category),
    data: definition.data as (typeof eventCatalogue)[T]['data'],
  });
};

/** The full message schema of each published event type (envelope with typed `data`). */
export const planningEventSchemas = {
  ApplicationCreated: envelopeOf('ApplicationCreated'),
  ApplicationUpdated: envelopeOf('ApplicationUpdated'),
  ApplicationDeleted: envelopeOf('ApplicationDeleted'),
  ApplicationRestored: envelopeOf('ApplicationRestored'),
  CommentCreated: envelopeOf('CommentCreated'),
  AccountCreated: envelopeOf('AccountCreated'),
  AccountEntriesAdded: envelopeOf('AccountEntriesAdded'),
  AccountEntryRemoved: envelopeOf('AccountEntryRemoved'),
  GroupCreated: envelopeOf('GroupCreated'),
  GroupUpdated: envelopeOf('GroupUpdated'),
  GroupDeleted: envelopeOf('GroupDeleted'),
  GroupRestored: envelopeOf('GroupRestored'),
  GroupGoalsSet: envelopeOf('GroupGoalsSet'),
  ProjectShared: envelopeOf('ProjectShared'),
  ProjectUnshared: envelopeOf('ProjectUnshared'),
  ProjectShareAccepted: envelopeOf('ProjectShareAccepted'),
  ProjectShareDeclined: envelopeOf('ProjectShareDeclined'),
  SubgroupAdded: envelopeOf('SubgroupAdded'),
  SubgroupRenamed: envelopeOf('SubgroupRenamed'),
  SubgroupRemoved: envelopeOf('SubgroupRemoved'),
  SubgroupRestored: envelopeOf('SubgroupRestored'),
  GoalCreated: envelopeOf('GoalCreated'),
  GoalUpdated: envelopeOf('GoalUpdated'),
  GoalDeleted: envelopeOf('GoalDeleted'),
  ResourceCreated: envelopeOf('ResourceCreated'),
  ResourceRenamed: envelopeOf('ResourceRenamed'),
  ResourceCalendarChanged: envelopeOf('ResourceCalendarChanged'),
  ResourceDeleted: envelopeOf('ResourceDeleted'),
  CalendarCreated: envelopeOf('CalendarCreated'),
  CalendarChanged: envelopeOf('CalendarChanged'),
  CalendarRenamed: envelopeOf('CalendarRenamed'),
  CalendarDeleted: envelopeOf('CalendarDeleted'),
  ItemCreated: envelopeOf('ItemCreated'),
  ItemUpdated: envelopeOf('ItemUpdated'),
  ItemDeleted: envelopeOf('ItemDeleted'),
  ItemRestored: envelopeOf('ItemRestored'),
  DependencyAdded: envelopeOf('DependencyAdded'),
  DependencyRemoved: envelopeOf('DependencyRemoved'),
  BaselineCreated: envelopeOf('BaselineCreated'),
  BaselineDeleted: envelopeOf('BaselineDeleted'),
  ScenarioCreated: envelopeOf('ScenarioCreated'),
  ScenarioRenamed: envelopeOf('ScenarioRenamed'),
  ScenarioDiscarded: envelopeOf('ScenarioDiscarded'),
  ScenarioPublished: envelopeOf('ScenarioPublished'),
  ScenarioPublishReverted: envelopeOf('ScenarioPublishReverted'),
} satisfies { [T in PublishedEventType]: z.ZodType };

/** Any published planning event, discriminated by `type`. */
export const planningEventSchema = z.discriminatedUnion('type', [
  planningEventSchemas.ApplicationCreated,
  planningEventSchemas.ApplicationUpdated,
  planningEventSchemas.ApplicationDeleted,
  planningEventSchemas.ApplicationRestored,
  planningEventSchemas.CommentCreated,
  planningEventSchemas.AccountCreated,
  planningEventSchemas.AccountEntriesAdded,
  planningEventSchemas.AccountEntryRemoved,
  planningEventSchemas.GroupCreated,
  planningEventSchemas.GroupUpdated,
  planningEventSchemas.GroupDeleted,
  planningEventSchemas.GroupRestored,
  planningEventSchemas.GroupGoalsSet,
  planningEventSchemas.ProjectShared,
  planningEventSchemas.ProjectUnshared,
  planningEventSchemas.ProjectShareAccepted,
  planningEventSchemas.ProjectShareDeclined,
  planningEventSchemas.SubgroupAdded,
  planningEventSchemas.SubgroupRenamed,
  planningEventSchemas.SubgroupRemoved,
  planningEventSchemas.SubgroupRestored,
  planningEventSchemas.GoalCreated,
  planningEventSchemas.GoalUpdated,
  planningEventSchemas.GoalDeleted,
  planningEventSchemas.ResourceCreated,
  planningEventSchemas.ResourceRenamed,
  planningEventSchemas.ResourceCalendarChanged,
  planningEventSchemas.ResourceDeleted,
  planningEventSchemas.CalendarCreated,
  planningEventSchemas.CalendarChanged,
  planningEventSchemas.CalendarRenamed,
  planningEventSchemas.CalendarDeleted,
  planningEventSchemas.ItemCreated,
  planningEventSchemas.ItemUpdated,
  planningEventSchemas.ItemDeleted,
  planningEventSchemas.ItemRestored,
  planningEventSchemas.DependencyAdded,
  planningEventSchemas.DependencyRemoved,
  planningEventSchemas.BaselineCreated,
  planningEventSchemas.BaselineDeleted,
  planningEventSchemas.ScenarioCreated,
  planningEventSchemas.ScenarioRenamed,
  planningEventSchemas.ScenarioDiscarded,
  planningEventSchemas.ScenarioPublished,
  planningEventSchemas.ScenarioPublishReverted,
]);
export type PlanningEvent = z.output<typeof planningEventSchema>;

/**
 * The message a stored event is published as, or null when its type is not in the catalogue
 * (identity, sessions, id blocks, …).
 */
export const planningEventEnvelope = (event: StoredEvent): PlanningEventEnvelope | null => {
  // a scenario's changes are not the live plan's, whatever their type (docs/design/scenarios.md)
  if (!isPublishedEvent(event.type) || isScenarioStream(event.streamId)) return null;
  const definition = eventCatalogue[event.type];
  return {
    id: event.id,
    type: event.type,
    schemaVersion: event.metadata.schemaVersion,
    tenant: event.metadata.tenant,
    aggregateType: definition.category,
    aggregateId: aggregateIdOf(event.type, event.data),
    position: event.position,
    revision: event.revision,
    occurredAt: event.metadata.timestamp,
    correlationId: event.metadata.correlationId,
    causationId: event.metadata.causationId,
    data: event.data,
  };
};

/** The Kafka headers of a planning-event message, so consumers can route and filter without parsing. */
export const planningEventMessageHeaders = (envelope: PlanningEventEnvelope): Record<string, string> => ({
  [planningEventHeaders.tenant]: envelope.tenant,
  [planningEventHeaders.eventType]: envelope.type,
  [planningEventHeaders.schemaVersion]: String(envelope.schemaVersion),
  [planningEventHeaders.eventId]: envelope.id,
  [planningEventHeaders.correlationId]: envelope.correlationId,
  [planningEventHeaders.contentType]: 'application/json',
});

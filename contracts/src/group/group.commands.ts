import { z } from 'zod';
import { schedulingModes } from '../schedule/schedule';
import { calendarIdSchema } from '../calendar/calendar';
import { attributeValueSchema } from '../rules/attributes';
import { limits, optionalText, requiredName, serverDateSchema } from '../rules/limits';
import { metricTypes } from '../rules/priority';
import { numberIn, ranges } from '../rules/ranges';
import type { NumericRange } from '../rules/ranges';
import { saveCommandSchema } from '../rules/save-command';
import { subgroupIdSchema } from './subgroups';

const id = z.number().int().positive();
const version = z.number().int().min(0);
const nullableNumber = (range: NumericRange) =>
  numberIn(range)
    .nullish()
    .transform((v) => v ?? null);
/** A classification code (status, phase, art, klasse, healthStatus): option sets are not shown (§4). */
const code = (fallback: number) =>
  numberIn(ranges.code)
    .nullish()
    .transform((v) => v ?? fallback);

/** Slider ranges of §9. */
export const metricLimits = {
  rating: ranges.rating.max,
  metric4: ranges.metric4.max,
  goal: ranges.goalValue.max,
} as const;

export const groupMetricSchema = z.strictObject({
  group: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((v) => v || null),
  type: z.enum(metricTypes),
  value: numberIn(ranges.metricValue),
});
export type GroupMetric = z.infer<typeof groupMetricSchema>;

export const jiraRepoSchema = z.strictObject({
  id: z.union([z.string().trim().min(1).max(100), z.number().int()]),
  url: z.string().trim().max(limits.docUrl),
});

/** Every field of §3 Project / group that a user sets; limits of §5, ranges of §9. */
export const groupFieldsSchema = z.strictObject({
  title: requiredName(limits.title),
  shortname: optionalText(limits.shortname),
  description: optionalText(limits.description),
  contact: optionalText(limits.contact),
  projectNr: optionalText(limits.projectNr),
  docUrl: optionalText(limits.docUrl),
  iamId: optionalText(limits.iamId),
  start: serverDateSchema.nullish().transform((v) => v ?? null),
  end: serverDateSchema.nullish().transform((v) => v ?? null),
  parent: id.nullish().transform((v) => v ?? null),
  parentOrder: nullableNumber(ranges.order),
  jirarepo: jiraRepoSchema.nullish().transform((v) => v ?? null),
  jiraid: optionalText(limits.issueId),
  cockpitid: optionalText(limits.cockpitid),
  metric1: nullableNumber(ranges.rating),
  metric2: nullableNumber(ranges.rating),
  metric3: nullableNumber(ranges.rating),
  metric4: nullableNumber(ranges.metric4),
  metrics: z
    .array(groupMetricSchema)
    .max(50)
    .nullish()
    .transform((v) => v ?? null),
  healthStatus: code(0),
  phase: code(0),
  status: code(3),
  art: code(0),
  klasse: code(0),
  resource: id.nullish().transform((v) => v ?? null),
  /** The applications the project uses (§3 "applications, each with application and project"). */
  applications: z
    .array(id)
    .max(500)
    .nullish()
    .transform((v) => [...new Set(v ?? [])]),
  attributes: z
    .array(attributeValueSchema)
    .max(100)
    .nullish()
    .transform((v) => v ?? []),
  account: id.nullish().transform((v) => v ?? null),
  visible: z
    .boolean()
    .nullish()
    .transform((v) => v ?? true),
  /**
   * Issue 21: whether a change of a predecessor moves the project's items (docs/design/scheduling.md);
   * absent (as in every project saved before) is manual.
   */
  scheduling: z.enum(schedulingModes).optional(),
  /**
   * Issue 24: the project's working-day calendar (docs/design/calendars.md); absent (as in every project
   * saved before) is the tenant's default calendar, 0.
   */
  calendar: calendarIdSchema.optional(),
});
export type GroupFields = z.infer<typeof groupFieldsSchema>;

/**
 * The agile lifecycle's sprint group is a project of this art (the option sets of §4 are not shown; this
 * code is Fahrplan's choice). It holds sprints, not a portfolio project: never offered as an item's
 * project, and not a project group in an application's list (§3, §9).
 */
export const sprintGroupArt = 99;
export const isSprintGroup = (fields: { readonly art: number }): boolean => fields.art === sprintGroupArt;

/**
 * SaveGroup: create without `id`; update with `id` and the `version` the user saw. On update, omitted
 * fields stay unchanged and null clears a field.
 */
export const saveGroupSchema = saveCommandSchema(groupFieldsSchema, ['title']);
export type SaveGroupData = z.infer<typeof saveGroupSchema>;

export const deleteGroupSchema = z.strictObject({ id, version });
export type DeleteGroupData = z.infer<typeof deleteGroupSchema>;
/** RestoreGroup: bring a deleted project back, with its items and lanes, at the version the user saw. */
export const restoreGroupSchema = deleteGroupSchema;
export type RestoreGroupData = DeleteGroupData;

export const groupGoalValueSchema = z.strictObject({
  goalId: id,
  value: numberIn(ranges.goalValue),
});
export type GroupGoalValue = z.infer<typeof groupGoalValueSchema>;

/** A project's goal values (§2 strategy tab; §4 save flow step 4): setting a value again changes nothing. */
export const setGroupGoalsSchema = z.strictObject({
  id,
  goals: z.array(groupGoalValueSchema).min(1).max(500),
});
export type SetGroupGoalsData = z.infer<typeof setGroupGoalsSchema>;

const tenantName = z.string().trim().min(1).max(100);
export const shareProjectSchema = z.strictObject({ id, tenant: tenantName });
export type ShareProjectData = z.infer<typeof shareProjectSchema>;

/** AcceptProjectShare as the API takes it: the accepting tenant comes from the verified token. */
export const acceptProjectShareSchema = z.strictObject({ id });
/** The decided command: `tenant` is the caller's (target) tenant, set by the handler. */
export interface AcceptProjectShareData {
  readonly id: number;
  readonly tenant: string;
}
/** DeclineProjectShare takes the same body as AcceptProjectShare: only the project id. */
export const declineProjectShareSchema = acceptProjectShareSchema;
export type DeclineProjectShareData = AcceptProjectShareData;

export const addSubgroupSchema = z.strictObject({ id, name: requiredName(limits.title) });
export type AddSubgroupData = z.infer<typeof addSubgroupSchema>;
export const renameSubgroupSchema = z.strictObject({
  id,
  subgroup: subgroupIdSchema,
  name: requiredName(limits.title),
});
export type RenameSubgroupData = z.infer<typeof renameSubgroupSchema>;
/** RemoveSubgroup and RestoreSubgroup name one of a project's INDIVIDUAL lanes. */
export const removeSubgroupSchema = z.strictObject({ id, subgroup: subgroupIdSchema });
export type RemoveSubgroupData = z.infer<typeof removeSubgroupSchema>;
export const restoreSubgroupSchema = removeSubgroupSchema;
export type RestoreSubgroupData = RemoveSubgroupData;

export type GroupCommand =
  | { readonly type: 'SaveGroup'; readonly data: SaveGroupData }
  | { readonly type: 'DeleteGroup'; readonly data: DeleteGroupData }
  | { readonly type: 'RestoreGroup'; readonly data: RestoreGroupData }
  | { readonly type: 'SetGroupGoals'; readonly data: SetGroupGoalsData }
  | { readonly type: 'ShareProject'; readonly data: ShareProjectData }
  | { readonly type: 'UnshareProject'; readonly data: ShareProjectData }
  | { readonly type: 'AcceptProjectShare'; readonly data: AcceptProjectShareData }
  | { readonly type: 'DeclineProjectShare'; readonly data: DeclineProjectShareData }
  | { readonly type: 'AddSubgroup'; readonly data: AddSubgroupData }
  | { readonly type: 'RenameSubgroup'; readonly data: RenameSubgroupData }
  | { readonly type: 'RemoveSubgroup'; readonly data: RemoveSubgroupData }
  | { readonly type: 'RestoreSubgroup'; readonly data: RestoreSubgroupData };

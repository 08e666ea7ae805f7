import { z } from 'zod';
import type { Decider } from '../decider';
import type { DecisionContext, DomainEvent } from '../events';
import { DomainError, invalidField, notFound, versionConflict } from '../errors';
import { attributeValueSchema } from '../application/application';
import { moveKeepingDuration } from '../rules/calendar';
import { changedFields, stripUndefined } from '../rules/changes';
import { limits, optionalText, requiredText, serverDateSchema } from '../rules/limits';
import { maxMetricValue, metricTypes, priority } from '../rules/priority';

const id = z.number().int().positive();
const version = z.number().int().min(0);
const nullableInt = (min: number, max: number) =>
  z
    .number()
    .int()
    .min(min)
    .max(max)
    .nullish()
    .transform((v) => v ?? null);
/** A classification code (status, phase, art, klasse, healthStatus): option sets are not shown (§4). */
const code = (fallback: number) =>
  z
    .number()
    .int()
    .min(0)
    .max(99)
    .nullish()
    .transform((v) => v ?? fallback);

/** Slider ranges of §9. */
export const metricLimits = { rating: 9, metric4: 12, goal: 9 } as const;

export const groupMetricSchema = z.strictObject({
  group: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((v) => v || null),
  type: z.enum(metricTypes),
  value: z.number().int().min(0).max(maxMetricValue),
});
export type GroupMetric = z.infer<typeof groupMetricSchema>;

export const jiraRepoSchema = z.strictObject({
  id: z.union([z.string().trim().min(1).max(100), z.number().int()]),
  url: z.string().trim().max(limits.docUrl),
});

/** Every field of §3 Project / group that a user sets; limits of §5, ranges of §9. */
export const groupFieldsSchema = z.strictObject({
  title: requiredText(limits.title),
  shortname: optionalText(limits.shortname),
  description: optionalText(limits.description),
  contact: optionalText(limits.contact),
  projectNr: optionalText(limits.projectNr),
  docUrl: optionalText(limits.docUrl),
  iamId: optionalText(limits.iamId),
  start: serverDateSchema.nullish().transform((v) => v ?? null),
  end: serverDateSchema.nullish().transform((v) => v ?? null),
  parent: id.nullish().transform((v) => v ?? null),
  parentOrder: z
    .number()
    .int()
    .nullish()
    .transform((v) => v ?? null),
  jirarepo: jiraRepoSchema.nullish().transform((v) => v ?? null),
  jiraid: optionalText(limits.issueId),
  cockpitid: optionalText(limits.cockpitid),
  metric1: nullableInt(0, metricLimits.rating),
  metric2: nullableInt(0, metricLimits.rating),
  metric3: nullableInt(0, metricLimits.rating),
  metric4: nullableInt(0, metricLimits.metric4),
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
});
export type GroupFields = z.infer<typeof groupFieldsSchema>;

/**
 * SaveGroup: create without `id`; update with `id` and the `version` the user saw. On update, omitted
 * fields stay unchanged and null clears a field.
 */
export const saveGroupSchema = groupFieldsSchema
  .partial()
  .extend({ id: id.optional(), version: version.optional() })
  .superRefine((c, ctx) => {
    if (c.id === undefined && c.title === undefined)
      ctx.addIssue({ code: 'custom', path: ['title'], message: 'required' });
    if (c.id !== undefined && c.version === undefined)
      ctx.addIssue({ code: 'custom', path: ['version'], message: 'required when updating' });
  });
export type SaveGroupData = z.infer<typeof saveGroupSchema>;

export const deleteGroupSchema = z.strictObject({ id, version });
export type DeleteGroupData = z.infer<typeof deleteGroupSchema>;

export const groupGoalValueSchema = z.strictObject({
  goalId: id,
  value: z.number().int().min(0).max(metricLimits.goal),
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

/** §3 Project share status: PENDING once shared, ACCEPTED once the target tenant accepted; only ACCEPTED counts. */
export const shareStatuses = ['PENDING', 'ACCEPTED'] as const;
export type ShareStatus = (typeof shareStatuses)[number];
export interface ProjectShare {
  readonly tenant: string;
  readonly status: ShareStatus;
}

/**
 * What the shares read model reports (GET /api/shares): the two live states of the aggregate, and how a
 * share ended: DECLINED by the receiving tenant, REVOKED by the owner (UnshareProject). An ended share no
 * longer counts, and the project can be shared with that tenant again.
 */
export const shareRecordStatuses = ['PENDING', 'ACCEPTED', 'DECLINED', 'REVOKED'] as const;
export type ShareRecordStatus = (typeof shareRecordStatuses)[number];

/**
 * §4 status rules for a shared parent: the spec shows two variants ('1 to 3, or excluding 7, 9 and 10
 * (partly disabled)'); Fahrplan takes the one shown in full, statuses 1 to 3. Own parents take any status.
 */
export const sharedParentStatuses: readonly number[] = [1, 2, 3];
export const isSelectableSharedParent = (status: number): boolean => sharedParentStatuses.includes(status);

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

/**
 * §3 subgroups (the lanes of a project on the timeline). Every project has a default lane of tasks and
 * one of milestones; users add INDIVIDUAL lanes. Subgroup ids are unique within their project.
 */
export const subgroupTypes = ['INDIVIDUAL', 'tasks', 'milestones'] as const;
export type SubgroupType = (typeof subgroupTypes)[number];
export interface Subgroup {
  readonly id: string;
  readonly name: string;
  readonly type: SubgroupType;
}
export const defaultSubgroups: readonly Subgroup[] = [
  { id: 'tasks', name: 'Tasks', type: 'tasks' },
  { id: 'milestones', name: 'Milestones', type: 'milestones' },
];
/** A project's lanes: the two defaults, then its INDIVIDUAL ones in the order they were added. */
export const subgroupsOf = (individual: readonly Subgroup[]): Subgroup[] => [
  ...defaultSubgroups,
  ...individual,
];
export const subgroupIdSchema = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9-]{0,49}$/, { error: 'a subgroup id' });

/**
 * The agile lifecycle's sprint group is a project of this art (the option sets of §4 are not shown; this
 * code is Fahrplan's choice). It holds sprints, not a portfolio project: never offered as an item's
 * project, and not a project group in an application's list (§3, §9).
 */
export const sprintGroupArt = 99;
export const isSprintGroup = (fields: { readonly art: number }): boolean => fields.art === sprintGroupArt;

export const addSubgroupSchema = z.strictObject({ id, name: requiredText(limits.title) });
export type AddSubgroupData = z.infer<typeof addSubgroupSchema>;
export const renameSubgroupSchema = z.strictObject({
  id,
  subgroup: subgroupIdSchema,
  name: requiredText(limits.title),
});
export type RenameSubgroupData = z.infer<typeof renameSubgroupSchema>;

export type GroupCommand =
  | { readonly type: 'SaveGroup'; readonly data: SaveGroupData }
  | { readonly type: 'DeleteGroup'; readonly data: DeleteGroupData }
  | { readonly type: 'SetGroupGoals'; readonly data: SetGroupGoalsData }
  | { readonly type: 'ShareProject'; readonly data: ShareProjectData }
  | { readonly type: 'UnshareProject'; readonly data: ShareProjectData }
  | { readonly type: 'AcceptProjectShare'; readonly data: AcceptProjectShareData }
  | { readonly type: 'DeclineProjectShare'; readonly data: DeclineProjectShareData }
  | { readonly type: 'AddSubgroup'; readonly data: AddSubgroupData }
  | { readonly type: 'RenameSubgroup'; readonly data: RenameSubgroupData };

export type GroupCreated = DomainEvent<'GroupCreated', GroupFields & { readonly id: number }>;
export type GroupUpdated = DomainEvent<
  'GroupUpdated',
  { readonly id: number; readonly changes: Partial<GroupFields> }
>;
export type GroupDeleted = DomainEvent<'GroupDeleted', { readonly id: number }>;
export type GroupGoalsSet = DomainEvent<
  'GroupGoalsSet',
  { readonly id: number; readonly goals: GroupGoalValue[] }
>;
/** Version 2 names the status a new share starts in (version 1 events are upcast on read). */
export type ProjectShared = DomainEvent<
  'ProjectShared',
  { readonly id: number; readonly tenant: string; readonly status: 'PENDING' }
>;
export type ProjectUnshared = DomainEvent<
  'ProjectUnshared',
  { readonly id: number; readonly tenant: string }
>;
/** The target tenant accepted a pending share; the event lives in the owner's stream. */
export type ProjectShareAccepted = DomainEvent<
  'ProjectShareAccepted',
  { readonly id: number; readonly tenant: string }
>;
/**
 * The target tenant declined a pending share; the event lives in the owner's stream. The share no longer
 * exists: the owner may share the project with that tenant again.
 */
export type ProjectShareDeclined = DomainEvent<
  'ProjectShareDeclined',
  { readonly id: number; readonly tenant: string }
>;
/** An INDIVIDUAL lane added to the project. */
export type SubgroupAdded = DomainEvent<
  'SubgroupAdded',
  { readonly id: number; readonly subgroup: Subgroup }
>;
export type SubgroupRenamed = DomainEvent<
  'SubgroupRenamed',
  { readonly id: number; readonly subgroup: string; readonly name: string }
>;
export type GroupEvent =
  | SubgroupAdded
  | SubgroupRenamed
  | GroupCreated
  | GroupUpdated
  | GroupDeleted
  | GroupGoalsSet
  | ProjectShared
  | ProjectUnshared
  | ProjectShareAccepted
  | ProjectShareDeclined;

export type GroupState =
  | { readonly status: 'absent' }
  | {
      readonly status: 'active' | 'deleted';
      readonly id: number;
      readonly fields: GroupFields;
      readonly version: number;
      /** goalId → value. */
      readonly goals: Readonly<Record<number, number>>;
      /** Tenants the project is shared with, pending or accepted. */
      readonly shares: readonly ProjectShare[];
      /** The INDIVIDUAL lanes (the default ones are implicit, `subgroupsOf`). */
      readonly subgroups: readonly Subgroup[];
    };

export const initialGroupState: GroupState = { status: 'absent' };

/** `version` counts from 0: the revision of the stream's last event. */
export const evolveGroup = (state: GroupState, event: GroupEvent): GroupState => {
  if (event.type === 'GroupCreated') {
    const { id: groupId, ...fields } = event.data;
    return { status: 'active', id: groupId, fields, version: 0, goals: {}, shares: [], subgroups: [] };
  }
  if (state.status === 'absent') return state;
  const next = { ...state, version: state.version + 1 };
  switch (event.type) {
    case 'GroupUpdated':
      return { ...next, fields: { ...state.fields, ...event.data.changes } };
    case 'GroupDeleted':
      return { ...next, status: 'deleted' };
    case 'GroupGoalsSet':
      return {
        ...next,
        goals: { ...state.goals, ...Object.fromEntries(event.data.goals.map((g) => [g.goalId, g.value])) },
      };
    case 'ProjectShared':
      return { ...next, shares: [...state.shares, { tenant: event.data.tenant, status: event.data.status }] };
    case 'ProjectUnshared':
    case 'ProjectShareDeclined':
      return { ...next, shares: state.shares.filter((s) => s.tenant !== event.data.tenant) };
    case 'ProjectShareAccepted':
      return {
        ...next,
        shares: state.shares.map((s) =>
          s.tenant === event.data.tenant ? { tenant: s.tenant, status: 'ACCEPTED' } : s,
        ),
      };
    case 'SubgroupAdded':
      return { ...next, subgroups: [...state.subgroups, event.data.subgroup] };
    case 'SubgroupRenamed':
      return {
        ...next,
        subgroups: state.subgroups.map((s) =>
          s.id === event.data.subgroup ? { ...s, name: event.data.name } : s,
        ),
      };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
};

/** What the decider needs to know beyond the stream: facts the handler looked up. */
export interface GroupContext extends DecisionContext {
  /** The id allocated for a new project. */
  readonly newId: number;
  /**
   * Parent chain of the requested parent: its id first, then its parent, … up to the root, across
   * tenants (a shared parent's own parents belong to its owner). `null` when the requested parent is
   * neither a project of the tenant nor one shared with it and ACCEPTED (§4).
   */
  readonly parentChain: readonly number[] | null;
  /** The account the command links as the tenant has it: null when unknown; omitted when none is linked. */
  readonly account?: { readonly refType: string; readonly refId: number } | null;
  /** Whether the tenant has the ALM feature, which linking applications needs (§6); omitted counts as yes. */
  readonly alm?: boolean;
  /** Applications the command links that the tenant does not have. */
  readonly unknownApplications?: readonly number[];
  /** Goals a SetGroupGoals names that the tenant does not have. */
  readonly unknownGoals?: readonly number[];
  /** Whether the tenant a ShareProject names exists. */
  readonly tenantExists?: boolean;
  /** The status of the requested parent when it is another tenant's project (shared and ACCEPTED). */
  readonly sharedParentStatus?: number;
}

/** §4 new-project defaults: status 3, phase/art/klasse/healthStatus 0, all metrics 0, start = end = today. */
export const newGroupDefaults = (today: string): Partial<GroupFields> & { end: string | null } => ({
  start: today,
  end: today,
  metric1: 0,
  metric2: 0,
  metric3: 0,
  metric4: 0,
  metrics: metricTypes.map((type) => ({ group: null, type, value: 0 })),
});

const checkParent = (selfId: number, parent: number | null, context: GroupContext): void => {
  if (parent === null) return;
  if (parent === selfId) throw invalidField('parent', 'not itself', 'a project cannot be its own parent');
  if (context.parentChain === null) throw invalidField('parent', 'not found', 'parent project not found');
  if (context.parentChain.includes(selfId))
    throw invalidField('parent', 'cycle', 'the parent would create a cycle');
  if (context.sharedParentStatus !== undefined && !isSelectableSharedParent(context.sharedParentStatus))
    throw invalidField(
      'parent',
      'status not allowed',
      `a shared parent project needs status ${sharedParentStatuses.join(', ')}`,
    );
};

const checkDates = (start: string | null, end: string | null): void => {
  if (start && end && end < start)
    throw invalidField('end', 'before begin', 'the end date cannot precede the begin date');
};

const checkAccount = (selfId: number, account: number | null | undefined, context: GroupContext): void => {
  if (account === undefined || account === null) return;
  if (!context.account) throw notFound('account');
  if (context.account.refType !== 'group' || context.account.refId !== selfId)
    throw invalidField('account', 'not this project', 'the account belongs to another record');
};

const checkApplications = (applications: readonly number[], context: GroupContext): void => {
  if (applications.length > 0 && context.alm === false)
    throw invalidField('applications', 'needs ALM', 'linking applications needs the ALM feature');
  if (context.unknownApplications && context.unknownApplications.length > 0)
    throw invalidField(
      'applications',
      'not found',
      `unknown applications: ${context.unknownApplications.join(', ')}`,
    );
};

/**
 * The §4/§5 derived fields: a new start keeps the working-day duration and moves the end (unless the end
 * is given too); no repository means no issue id; changed rating metrics overwrite metric4 with the
 * computed priority (unless metric4 is given too).
 */
const derive = (
  current: GroupFields | null,
  requested: Partial<GroupFields>,
  next: GroupFields,
): GroupFields => {
  let derived = next;
  if (
    current &&
    requested.start !== undefined &&
    requested.end === undefined &&
    current.start &&
    current.end &&
    next.start &&
    next.start !== current.start
  ) {
    try {
      derived = { ...derived, end: moveKeepingDuration(current.start, current.end, next.start) };
    } catch {
      // outside the calendar's years: keep the end as it is
    }
  }
  if (derived.jirarepo === null && derived.jiraid !== null) derived = { ...derived, jiraid: null };
  const metricsChanged =
    requested.metrics !== undefined &&
    (current === null || JSON.stringify(current.metrics) !== JSON.stringify(requested.metrics));
  if (metricsChanged && requested.metric4 === undefined)
    derived = { ...derived, metric4: Math.min(priority(derived.metrics ?? []), metricLimits.metric4) };
  return derived;
};

const activeGroup = (state: GroupState) => {
  if (state.status !== 'active') throw notFound('group');
  return state;
};

export const decideGroup = (
  command: GroupCommand,
  state: GroupState,
  context: GroupContext,
): GroupEvent[] => {
  switch (command.type) {
    case 'SaveGroup': {
      const { id: requestedId, version: seen, ...raw } = command.data;
      const requested = stripUndefined(raw) as Partial<GroupFields>;
      if (requestedId === undefined) {
        if (state.status !== 'absent') throw new DomainError('conflict', 'group exists already');
        const today = context.now.slice(0, 10);
        const defaults = newGroupDefaults(today);
        // a new project given only a start ends the same day, like one given nothing (§4 start = end)
        if (requested.start) defaults.end = requested.start;
        const parsed = groupFieldsSchema.parse({ ...defaults, ...requested });
        const fields = derive(null, requested, parsed);
        checkParent(context.newId, fields.parent, context);
        checkDates(fields.start, fields.end);
        checkAccount(context.newId, fields.account, context);
        checkApplications(fields.applications, context);
        return [{ type: 'GroupCreated', data: { id: context.newId, ...fields } }];
      }
      const group = activeGroup(state);
      if (seen !== group.version) throw versionConflict(group.version);
      const next = derive(group.fields, requested, { ...group.fields, ...requested });
      if (requested.parent !== undefined) checkParent(group.id, next.parent, context);
      checkDates(next.start, next.end);
      if (requested.account !== undefined && requested.account !== group.fields.account)
        checkAccount(group.id, requested.account, context);
      if (requested.applications !== undefined) checkApplications(next.applications, context);
      const changes = changedFields(group.fields, next);
      return Object.keys(changes).length === 0
        ? []
        : [{ type: 'GroupUpdated', data: { id: group.id, changes } }];
    }
    case 'DeleteGroup': {
      const group = activeGroup(state);
      if (command.data.version !== group.version) throw versionConflict(group.version);
      return [{ type: 'GroupDeleted', data: { id: group.id } }];
    }
    case 'SetGroupGoals': {
      const group = activeGroup(state);
      if (context.unknownGoals && context.unknownGoals.length > 0)
        throw invalidField('goals', 'not found', `unknown goals: ${context.unknownGoals.join(', ')}`);
      const latest = new Map(command.data.goals.map((g) => [g.goalId, g.value]));
      const goals = [...latest]
        .filter(([goalId, value]) => group.goals[goalId] !== value)
        .map(([goalId, value]) => ({ goalId, value }));
      return goals.length === 0 ? [] : [{ type: 'GroupGoalsSet', data: { id: group.id, goals } }];
    }
    case 'ShareProject': {
      const group = activeGroup(state);
      const { tenant } = command.data;
      if (tenant === context.tenant)
        throw invalidField('tenant', 'tenant invalid', 'cannot share with the own tenant');
      if (context.tenantExists === false)
        throw invalidField('tenant', 'tenant not found', `tenant '${tenant}' not found`);
      if (group.shares.some((s) => s.tenant === tenant))
        throw new DomainError('conflict', `already shared with '${tenant}'`);
      return [{ type: 'ProjectShared', data: { id: group.id, tenant, status: 'PENDING' } }];
    }
    case 'UnshareProject': {
      const group = activeGroup(state);
      const { tenant } = command.data;
      // §8 'error deleting a project share (share missing)': its own notice
      if (!group.shares.some((s) => s.tenant === tenant)) throw notFound('share');
      return [{ type: 'ProjectUnshared', data: { id: group.id, tenant } }];
    }
    case 'AcceptProjectShare':
    case 'DeclineProjectShare': {
      const { tenant } = command.data;
      // an unknown project and one not shared with the caller answer alike: nothing about other
      // tenants' projects leaks to a tenant they were not shared with
      const share = state.status === 'active' ? state.shares.find((s) => s.tenant === tenant) : undefined;
      if (state.status !== 'active' || !share) throw notFound('project share');
      if (share.status === 'ACCEPTED') throw new DomainError('conflict', 'the share is accepted already');
      return command.type === 'AcceptProjectShare'
        ? [{ type: 'ProjectShareAccepted', data: { id: state.id, tenant } }]
        : [{ type: 'ProjectShareDeclined', data: { id: state.id, tenant } }];
    }
    case 'AddSubgroup': {
      const group = activeGroup(state);
      const name = command.data.name;
      if (subgroupsOf(group.subgroups).some((s) => s.name.toLowerCase() === name.toLowerCase()))
        throw invalidField('name', 'exists', `the project has a lane named '${name}' already`);
      const numbers = group.subgroups.map((s) => Number(s.id.replace(/^lane-/, '')) || 0);
      const subgroup: Subgroup = { id: `lane-${Math.max(0, ...numbers) + 1}`, name, type: 'INDIVIDUAL' };
      return [{ type: 'SubgroupAdded', data: { id: group.id, subgroup } }];
    }
    case 'RenameSubgroup': {
      const group = activeGroup(state);
      const { subgroup: laneId, name } = command.data;
      const lane = group.subgroups.find((s) => s.id === laneId);
      if (!lane) throw notFound('subgroup');
      if (lane.name === name) return [];
      if (
        subgroupsOf(group.subgroups).some(
          (s) => s.id !== laneId && s.name.toLowerCase() === name.toLowerCase(),
        )
      )
        throw invalidField('name', 'exists', `the project has a lane named '${name}' already`);
      return [{ type: 'SubgroupRenamed', data: { id: group.id, subgroup: laneId, name } }];
    }
    default: {
      const _exhaustive: never = command;
      throw new Error('unknown command');
    }
  }
};

export const groupDecider: Decider<GroupCommand, GroupState, GroupEvent, GroupContext> = {
  decide: decideGroup,
  evolve: evolveGroup,
  initialState: initialGroupState,
};

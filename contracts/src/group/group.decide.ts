import { say } from '../rules/messages';
import { decideByType, deciderOf } from '../decider';
import type { DecisionContext } from '../events';
import { conflictOf, existsAlready, invalidField, notDeleted, notFound, versionConflict } from '../errors';
import { moveKeepingDuration } from '../rules/calendar';
import type { CalendarRules } from '../calendar/definition';

// §9's fixed calendar: what a decision without a calendar's rules in its context plans on
const bernRules = { moveKeepingDuration };
import { changedFields, stripUndefined } from '../rules/changes';
import { checkAccount, checkDates, checkParent } from '../rules/record-checks';
import { metricTypes, priority } from '../rules/priority';
import { groupFieldsSchema, metricLimits } from './group.commands';
import type {
  AcceptProjectShareData,
  AddSubgroupData,
  DeleteGroupData,
  GroupCommand,
  GroupFields,
  RemoveSubgroupData,
  RenameSubgroupData,
  RestoreGroupData,
  RestoreSubgroupData,
  SaveGroupData,
  SetGroupGoalsData,
  ShareProjectData,
} from './group.commands';
import type {
  GroupCreated,
  GroupDeleted,
  GroupEvent,
  GroupRestored,
  GroupGoalsSet,
  GroupUpdated,
  ProjectShareAccepted,
  ProjectShareDeclined,
  ProjectShared,
  ProjectUnshared,
  SubgroupAdded,
  SubgroupRemoved,
  SubgroupRenamed,
  SubgroupRestored,
} from './group.events';
import { evolveGroup, initialGroupState } from './group.state';
import type { GroupState, ProjectShare } from './group.state';
import {
  checkListed,
  defaultOptionLists,
  optionLabel,
  optionListFields,
  sharedParentValues,
} from '../options/option-lists';
import type { OptionLists } from '../options/option-lists';
import { assertAttributeValues } from '../rules/attributes';
import type { AttributeDefinition } from '../identity/tenant.commands';
import { subgroupsOf } from './subgroups';
import type { Subgroup } from './subgroups';

/** What the decider needs to know beyond the stream: facts the handler looked up. */
export interface GroupContext extends DecisionContext {
  /** The id allocated for a new project. */
  readonly newId: number;
  /** The working-day rules of the calendar the project plans on after the command (issue 24); §9's when omitted. */
  readonly rules?: Pick<CalendarRules, 'moveKeepingDuration'>;
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
  /** The tenant's option lists: codes a command sets must be listed there (omitted: not checked). */
  readonly optionLists?: OptionLists;
  /** The tenant's project attribute schema (issue 19, §3); none when absent. */
  readonly projectAttributes?: readonly AttributeDefinition[];
  /**
   * For DeleteGroup: the live projects that name this one as parent, in any tenant (a project shared
   * with another tenant may be a parent there); `title` only for the tenant's own.
   */
  readonly subprojects?: readonly { readonly id: number; readonly title: string | null }[];
  /** For RemoveSubgroup: how many live items the lane holds. */
  readonly laneItems?: number;
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

/**
 * §4 status rules for a shared parent: the spec shows two variants ('1 to 3, or excluding 7, 9 and 10
 * (partly disabled)'). Issue 19 settles it: the tenant that links a parent marks in its project status
 * list which statuses a shared parent may have (by default 1 to 3, the variant the spec shows in full).
 */
export const isSelectableSharedParent = (status: number, lists: OptionLists = defaultOptionLists): boolean =>
  sharedParentValues(lists).includes(status);

const project = { one: 'a project', name: 'project' } as const;

const checkParentProject = (selfId: number, parent: number | null, context: GroupContext): void => {
  checkParent(project, selfId, parent, context.parentChain);
  const status = context.sharedParentStatus;
  const lists = context.optionLists ?? defaultOptionLists;
  if (parent !== null && status !== undefined && !isSelectableSharedParent(status, lists)) {
    const allowed = lists.projectStatus.filter((o) => o.sharedParent === true).map((o) => o.label);
    throw invalidField(
      'parent',
      say('shared-parent-status'),
      allowed.length === 0
        ? 'no project status allows a shared parent (Administration → Option lists)'
        : `a shared parent project needs the status ${allowed.join(', ')}; it has ${optionLabel(lists, 'projectStatus', status)}`,
    );
  }
};

/** The classification fields a command sets must hold values the tenant lists (issue 19). */
const projectCodes = [
  'projectStatus',
  'projectPhase',
  'projectHealth',
  'projectArt',
  'projectKlasse',
] as const;
const checkCodes = (requested: Partial<GroupFields>, before: GroupFields | null, context: GroupContext) => {
  const lists = context.optionLists;
  if (!lists) return;
  for (const kind of projectCodes) {
    const field = optionListFields[kind].field;
    checkListed(lists, kind, requested[field], before?.[field]);
  }
};

const checkAccountOf = (selfId: number, account: number | null | undefined, context: GroupContext): void =>
  checkAccount(project, { refType: 'group', id: selfId }, account, context.account);

const checkApplications = (applications: readonly number[], context: GroupContext): void => {
  if (applications.length > 0 && context.alm === false)
    throw invalidField(
      'applications',
      say('needs-feature', { feature: 'ALM' }),
      'linking applications needs the ALM feature',
    );
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
  rules: Pick<CalendarRules, 'moveKeepingDuration'> = bernRules,
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
      derived = { ...derived, end: rules.moveKeepingDuration(current.start, current.end, next.start) };
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

const createGroup = (
  requested: Partial<GroupFields>,
  state: GroupState,
  context: GroupContext,
): GroupCreated[] => {
  if (state.status !== 'absent') throw existsAlready('group');
  const today = context.now.slice(0, 10);
  const defaults = newGroupDefaults(today);
  // a new project given only a start ends the same day, like one given nothing (§4 start = end)
  if (requested.start) defaults.end = requested.start;
  const parsed = groupFieldsSchema.parse({ ...defaults, ...requested });
  const fields = derive(null, requested, parsed);
  checkCodes(requested, null, context);
  assertAttributeValues(fields.attributes, context.projectAttributes ?? [], [], 'project');
  checkParentProject(context.newId, fields.parent, context);
  checkDates(fields.start, fields.end);
  checkAccountOf(context.newId, fields.account, context);
  checkApplications(fields.applications, context);
  return [{ type: 'GroupCreated', data: { id: context.newId, ...fields } }];
};

const updateGroup = (
  requested: Partial<GroupFields>,
  seen: number | undefined,
  state: GroupState,
  context: GroupContext,
): GroupUpdated[] => {
  const group = activeGroup(state);
  if (seen !== group.version) throw versionConflict(group.version);
  const next = derive(group.fields, requested, { ...group.fields, ...requested }, context.rules);
  checkCodes(requested, group.fields, context);
  if (requested.attributes !== undefined)
    assertAttributeValues(
      requested.attributes,
      context.projectAttributes ?? [],
      group.fields.attributes,
      'project',
    );
  if (requested.parent !== undefined) checkParentProject(group.id, next.parent, context);
  checkDates(next.start, next.end);
  if (requested.account !== undefined && requested.account !== group.fields.account)
    checkAccountOf(group.id, requested.account, context);
  if (requested.applications !== undefined) checkApplications(next.applications, context);
  const changes = changedFields(group.fields, next);
  return Object.keys(changes).length === 0 ? [] : [{ type: 'GroupUpdated', data: { id: group.id, changes } }];
};

/** Creates without `id`, else updates the project the user saw at `version`. */
const saveGroup = (
  command: SaveGroupData,
  state: GroupState,
  context: GroupContext,
): (GroupCreated | GroupUpdated)[] => {
  const { id: requestedId, version: seen, ...raw } = command;
  const requested = stripUndefined(raw) as Partial<GroupFields>;
  return requestedId === undefined
    ? createGroup(requested, state, context)
    : updateGroup(requested, seen, state, context);
};

const listed = (names: readonly string[]) =>
  names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;

/**
 * Why a project cannot be deleted, null when it can: anything outside it that still depends on it,
 * its live subprojects (a title null for another tenant's) and its shares, pending or accepted. The
 * console shows the same sentence before the user confirms.
 */
export const groupDeleteRefusal = (
  subprojects: readonly { readonly id: number; readonly title: string | null }[],
  shares: readonly ProjectShare[],
): string | null => {
  if (subprojects.length > 0) {
    const one = subprojects.length === 1;
    const names = listed(
      subprojects.map((p) => (p.title === null ? `#${p.id} of another tenant` : `'${p.title}'`)),
    );
    const them = one ? 'it' : 'them';
    return `the project has ${one ? 'a subproject' : `${subprojects.length} subprojects`} (${names}): delete ${them} or give ${them} another parent first`;
  }
  if (shares.length > 0) {
    const tenants = listed(shares.map((s) => `'${s.tenant}' (${s.status.toLowerCase()})`));
    return `the project is shared with ${tenants}: revoke the ${shares.length === 1 ? 'share' : 'shares'} first`;
  }
  return null;
};

const deleteGroup = (command: DeleteGroupData, state: GroupState, context: GroupContext): GroupDeleted[] => {
  const group = activeGroup(state);
  if (command.version !== group.version) throw versionConflict(group.version);
  const refusal = groupDeleteRefusal(context.subprojects ?? [], group.shares);
  if (refusal)
    throw conflictOf((context.subprojects ?? []).length > 0 ? 'has-children' : 'still-shared', refusal, {
      what: 'project',
    });
  return [{ type: 'GroupDeleted', data: { id: group.id } }];
};

/** A restore is a new fact: the project comes back under its parent, which must be live itself. */
const restoreGroup = (
  command: RestoreGroupData,
  state: GroupState,
  context: GroupContext,
): GroupRestored[] => {
  if (state.status === 'absent') throw notFound('group');
  if (state.status === 'active') throw notDeleted('project');
  if (command.version !== state.version) throw versionConflict(state.version);
  if (state.fields.parent !== null && context.parentChain === null)
    throw conflictOf('restore-parent-first', 'the parent project is deleted: restore it first');
  return [{ type: 'GroupRestored', data: { id: state.id } }];
};

const setGroupGoals = (
  command: SetGroupGoalsData,
  state: GroupState,
  context: GroupContext,
): GroupGoalsSet[] => {
  const group = activeGroup(state);
  if (context.unknownGoals && context.unknownGoals.length > 0)
    throw invalidField('goals', 'not found', `unknown goals: ${context.unknownGoals.join(', ')}`);
  const latest = new Map(command.goals.map((g) => [g.goalId, g.value]));
  const goals = [...latest]
    .filter(([goalId, value]) => group.goals[goalId] !== value)
    .map(([goalId, value]) => ({ goalId, value }));
  return goals.length === 0 ? [] : [{ type: 'GroupGoalsSet', data: { id: group.id, goals } }];
};

const shareProject = (
  { tenant }: ShareProjectData,
  state: GroupState,
  context: GroupContext,
): ProjectShared[] => {
  const group = activeGroup(state);
  if (tenant === context.tenant)
    throw invalidField('tenant', say('own-tenant'), 'cannot share with the own tenant');
  if (context.tenantExists === false)
    throw invalidField('tenant', say('unknown-tenant'), `tenant '${tenant}' not found`);
  if (group.shares.some((s) => s.tenant === tenant))
    throw conflictOf('share-exists', `already shared with '${tenant}'`);
  return [{ type: 'ProjectShared', data: { id: group.id, tenant, status: 'PENDING' } }];
};

const unshareProject = ({ tenant }: ShareProjectData, state: GroupState): ProjectUnshared[] => {
  const group = activeGroup(state);
  // §8 'error deleting a project share (share missing)': its own notice
  if (!group.shares.some((s) => s.tenant === tenant)) throw notFound('share');
  return [{ type: 'ProjectUnshared', data: { id: group.id, tenant } }];
};

/** Accept or decline, by the tenant the project was shared with: only a PENDING share can be decided. */
const answerProjectShare = (
  answer: 'AcceptProjectShare' | 'DeclineProjectShare',
  { tenant }: AcceptProjectShareData,
  state: GroupState,
): (ProjectShareAccepted | ProjectShareDeclined)[] => {
  // an unknown project and one not shared with the caller answer alike: nothing about other
  // tenants' projects leaks to a tenant they were not shared with
  const share = state.status === 'active' ? state.shares.find((s) => s.tenant === tenant) : undefined;
  if (state.status !== 'active' || !share) throw notFound('project share');
  if (share.status === 'ACCEPTED') throw conflictOf('share-exists', 'the share is accepted already');
  return answer === 'AcceptProjectShare'
    ? [{ type: 'ProjectShareAccepted', data: { id: state.id, tenant } }]
    : [{ type: 'ProjectShareDeclined', data: { id: state.id, tenant } }];
};

const addSubgroup = ({ name }: AddSubgroupData, state: GroupState): SubgroupAdded[] => {
  const group = activeGroup(state);
  if (subgroupsOf(group.subgroups).some((s) => s.name.toLowerCase() === name.toLowerCase()))
    throw invalidField('name', say('exists'), `the project has a lane named '${name}' already`);
  // a removed lane keeps its id, so that its restore is unambiguous
  const numbers = [...group.subgroups, ...group.removedSubgroups].map(
    (s) => Number(s.id.replace(/^lane-/, '')) || 0,
  );
  const subgroup: Subgroup = { id: `lane-${Math.max(0, ...numbers) + 1}`, name, type: 'INDIVIDUAL' };
  return [{ type: 'SubgroupAdded', data: { id: group.id, subgroup } }];
};

const renameSubgroup = (
  { subgroup: laneId, name }: RenameSubgroupData,
  state: GroupState,
): SubgroupRenamed[] => {
  const group = activeGroup(state);
  const lane = group.subgroups.find((s) => s.id === laneId);
  if (!lane) throw notFound('subgroup');
  if (lane.name === name) return [];
  if (
    subgroupsOf(group.subgroups).some((s) => s.id !== laneId && s.name.toLowerCase() === name.toLowerCase())
  )
    throw invalidField('name', say('exists'), `the project has a lane named '${name}' already`);
  return [{ type: 'SubgroupRenamed', data: { id: group.id, subgroup: laneId, name } }];
};

const removeSubgroup = (
  { subgroup: laneId }: RemoveSubgroupData,
  state: GroupState,
  context: GroupContext,
): SubgroupRemoved[] => {
  const group = activeGroup(state);
  const lane = group.subgroups.find((s) => s.id === laneId);
  if (!lane) {
    if (subgroupsOf([]).some((s) => s.id === laneId))
      throw invalidField('subgroup', say('default-lane'), 'the default lanes cannot be removed');
    throw notFound('subgroup');
  }
  const items = context.laneItems ?? 0;
  if (items > 0)
    throw conflictOf(
      'in-use',
      `the lane '${lane.name}' holds ${items === 1 ? '1 item' : `${items} items`}: move or delete ${items === 1 ? 'it' : 'them'} first`,
      { what: 'lane' },
    );
  return [{ type: 'SubgroupRemoved', data: { id: group.id, subgroup: laneId } }];
};

const restoreSubgroup = (
  { subgroup: laneId }: RestoreSubgroupData,
  state: GroupState,
): SubgroupRestored[] => {
  const group = activeGroup(state);
  const lane = group.removedSubgroups.find((s) => s.id === laneId);
  if (!lane) throw notFound('removed subgroup');
  if (subgroupsOf(group.subgroups).some((s) => s.name.toLowerCase() === lane.name.toLowerCase()))
    throw conflictOf(
      'exists-already',
      `the project has a lane named '${lane.name}' again: rename that one first`,
      { what: 'lane' },
    );
  return [{ type: 'SubgroupRestored', data: { id: group.id, subgroup: lane } }];
};

export const decideGroup = decideByType<GroupCommand, GroupState, GroupEvent, GroupContext>({
  SaveGroup: saveGroup,
  DeleteGroup: deleteGroup,
  RestoreGroup: restoreGroup,
  SetGroupGoals: setGroupGoals,
  ShareProject: shareProject,
  UnshareProject: unshareProject,
  AcceptProjectShare: (data, state) => answerProjectShare('AcceptProjectShare', data, state),
  DeclineProjectShare: (data, state) => answerProjectShare('DeclineProjectShare', data, state),
  AddSubgroup: addSubgroup,
  RenameSubgroup: renameSubgroup,
  RemoveSubgroup: removeSubgroup,
  RestoreSubgroup: restoreSubgroup,
});

export const groupDecider = deciderOf(decideGroup, evolveGroup, initialGroupState);

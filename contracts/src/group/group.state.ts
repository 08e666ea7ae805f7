import { unfolded } from '../decider';
import type { GroupFields } from './group.commands';
import type { GroupEvent } from './group.events';
import type { Subgroup } from './subgroups';
import type { RecordState } from '../rules/record-lifecycle';

/** §3 Project share status: PENDING once shared, ACCEPTED once the target tenant accepted; only ACCEPTED counts. */
export const shareStatuses = ['PENDING', 'ACCEPTED'] as const;
export type ShareStatus = (typeof shareStatuses)[number];
export interface ProjectShare {
  readonly tenant: string;
  readonly status: ShareStatus;
}
export type GroupState = RecordState<{
  readonly fields: GroupFields;
  /** goalId → value. */
  readonly goals: Readonly<Record<number, number>>;
  /** Tenants the project is shared with, pending or accepted. */
  readonly shares: readonly ProjectShare[];
  /** The INDIVIDUAL lanes (the default ones are implicit, `subgroupsOf`). */
  readonly subgroups: readonly Subgroup[];
  /** INDIVIDUAL lanes removed: a restore brings one back, and their ids are never given again. */
  readonly removedSubgroups: readonly Subgroup[];
}>;

export const initialGroupState: GroupState = { status: 'absent' };

/** `version` counts from 0: the revision of the stream's last event. */
export const evolveGroup = (state: GroupState, event: GroupEvent): GroupState => {
  if (event.type === 'GroupCreated') {
    const { id: groupId, ...fields } = event.data;
    return {
      status: 'active',
      id: groupId,
      fields,
      version: 0,
      goals: {},
      shares: [],
      subgroups: [],
      removedSubgroups: [],
    };
  }
  if (state.status === 'absent') return state;
  const next = { ...state, version: state.version + 1 };
  switch (event.type) {
    case 'GroupUpdated':
      return { ...next, fields: { ...state.fields, ...event.data.changes } };
    case 'GroupDeleted':
      return { ...next, status: 'deleted' };
    case 'GroupRestored':
      return { ...next, status: 'active' };
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
    case 'SubgroupRemoved': {
      const removed = state.subgroups.filter((s) => s.id === event.data.subgroup);
      return {
        ...next,
        subgroups: state.subgroups.filter((s) => s.id !== event.data.subgroup),
        removedSubgroups: [...state.removedSubgroups, ...removed],
      };
    }
    case 'SubgroupRestored':
      return {
        ...next,
        subgroups: [...state.subgroups, event.data.subgroup],
        removedSubgroups: state.removedSubgroups.filter((s) => s.id !== event.data.subgroup.id),
      };
    default:
      return unfolded(event, state);
  }
};

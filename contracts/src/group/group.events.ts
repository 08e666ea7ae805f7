import type { DomainEvent } from '../events';
import type { GroupFields, GroupGoalValue } from './group.commands';
import type { Subgroup } from './subgroups';

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

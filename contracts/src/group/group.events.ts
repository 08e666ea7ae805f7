import type { DomainEvent } from '../events';
import type { GroupFields, GroupGoalValue } from './group.commands';
import type { Subgroup } from './subgroups';

/** A share of the project with another tenant. */
interface ShareRef {
  readonly id: number;
  readonly tenant: string;
}
/** One of the project's INDIVIDUAL lanes, whole. */
interface LaneRef {
  readonly id: number;
  readonly subgroup: Subgroup;
}

export type GroupCreated = DomainEvent<'GroupCreated', GroupFields & { readonly id: number }>;
export type GroupUpdated = DomainEvent<
  'GroupUpdated',
  { readonly id: number; readonly changes: Partial<GroupFields> }
>;
/**
 * A project was soft-deleted. Its items and lanes go with it without events of their own: every read
 * model shows an item only within a live project, so the project's restore brings back exactly the
 * items that were live when it was deleted.
 */
export type GroupDeleted = DomainEvent<'GroupDeleted', { readonly id: number }>;
/** A deleted project is live again, with its items and lanes; its deletion stays in the history. */
export type GroupRestored = DomainEvent<'GroupRestored', { readonly id: number }>;
export type GroupGoalsSet = DomainEvent<
  'GroupGoalsSet',
  { readonly id: number; readonly goals: GroupGoalValue[] }
>;
/** Version 2 names the status a new share starts in (version 1 events are upcast on read). */
export type ProjectShared = DomainEvent<'ProjectShared', ShareRef & { readonly status: 'PENDING' }>;
export type ProjectUnshared = DomainEvent<'ProjectUnshared', ShareRef>;
/** The target tenant accepted a pending share; the event lives in the owner's stream. */
export type ProjectShareAccepted = DomainEvent<'ProjectShareAccepted', ShareRef>;
/**
 * The target tenant declined a pending share; the event lives in the owner's stream. The share no longer
 * exists: the owner may share the project with that tenant again.
 */
export type ProjectShareDeclined = DomainEvent<'ProjectShareDeclined', ShareRef>;
/** An INDIVIDUAL lane added to the project. */
export type SubgroupAdded = DomainEvent<'SubgroupAdded', LaneRef>;
export type SubgroupRenamed = DomainEvent<
  'SubgroupRenamed',
  { readonly id: number; readonly subgroup: string; readonly name: string }
>;
/** An INDIVIDUAL lane (that held no items) was removed from the project. */
export type SubgroupRemoved = DomainEvent<
  'SubgroupRemoved',
  { readonly id: number; readonly subgroup: string }
>;
/** A removed lane is back, with the id and name it had (the event names both for the read models). */
export type SubgroupRestored = DomainEvent<'SubgroupRestored', LaneRef>;
export type GroupEvent =
  | SubgroupAdded
  | SubgroupRenamed
  | SubgroupRemoved
  | SubgroupRestored
  | GroupRestored
  | GroupCreated
  | GroupUpdated
  | GroupDeleted
  | GroupGoalsSet
  | ProjectShared
  | ProjectUnshared
  | ProjectShareAccepted
  | ProjectShareDeclined;

import type {
  GoalCreated,
  GroupCreated,
  GroupGoalsSet,
  GroupUpdated,
  GroupGoalValue,
  ProjectShared,
  StoredEvent,
} from '@fahrplan/contracts';
import type { Projection } from './projection';

/** The project read model (§2 dialog, portfolio); priority, duration and subprojects are computed at query time. */
export interface GroupDoc extends Omit<GroupCreated['data'], never> {
  readonly tenant: string;
  readonly version: number;
  readonly deleted: boolean;
  /** Tenants the project is shared with (pending: acceptance lands with the identity issue). */
  readonly sharedWith: readonly string[];
  readonly goals: readonly GroupGoalValue[];
}

const mergeGoals = (current: readonly GroupGoalValue[], changed: readonly GroupGoalValue[]) => {
  const values = new Map(current.map((g) => [g.goalId, g.value]));
  for (const g of changed) values.set(g.goalId, g.value);
  return [...values].map(([goalId, value]) => ({ goalId, value })).sort((a, b) => a.goalId - b.goalId);
};

export const groupsProjection: Projection<GroupDoc> = {
  collection: 'groups',
  handles: [
    'GroupCreated',
    'GroupUpdated',
    'GroupDeleted',
    'GroupGoalsSet',
    'ProjectShared',
    'ProjectUnshared',
  ],
  documentId: (event) => String((event.data as { id: number }).id),
  // GET /api/groups (all, by status, by application), by title, subprojects by parent
  indexes: [
    { tenant: 1, deleted: 1, status: 1 },
    { tenant: 1, deleted: 1, title: 1 },
    { tenant: 1, deleted: 1, applications: 1 },
    { tenant: 1, deleted: 1, parent: 1, title: 1 },
  ],
  evolve: (doc, event: StoredEvent) => {
    if (event.type === 'GroupCreated')
      return {
        ...(event.data as GroupCreated['data']),
        tenant: event.metadata.tenant,
        version: event.revision,
        deleted: false,
        sharedWith: [],
        goals: [],
      };
    if (!doc) return doc;
    const next = { ...doc, version: event.revision };
    switch (event.type) {
      case 'GroupUpdated':
        return { ...next, ...(event.data as GroupUpdated['data']).changes };
      case 'GroupDeleted':
        return { ...next, deleted: true };
      case 'GroupGoalsSet':
        return { ...next, goals: mergeGoals(doc.goals, (event.data as GroupGoalsSet['data']).goals) };
      case 'ProjectShared':
        return { ...next, sharedWith: [...doc.sharedWith, (event.data as ProjectShared['data']).tenant] };
      case 'ProjectUnshared':
        return {
          ...next,
          sharedWith: doc.sharedWith.filter((t) => t !== (event.data as ProjectShared['data']).tenant),
        };
      default:
        return doc;
    }
  },
};

export interface GoalDoc extends Omit<GoalCreated['data'], never> {
  readonly tenant: string;
}

export const goalsProjection: Projection<GoalDoc> = {
  collection: 'goals',
  handles: ['GoalCreated'],
  documentId: (event) => String((event.data as { id: number }).id),
  // GET /api/goals: the tenant's goals by rank
  indexes: [{ tenant: 1, rank: 1, id: 1 }],
  evolve: (_doc, event: StoredEvent) =>
    event.type === 'GoalCreated'
      ? { ...(event.data as GoalCreated['data']), tenant: event.metadata.tenant }
      : null,
};

import type {
  GroupCreated,
  GroupGoalsSet,
  GroupUpdated,
  GroupGoalValue,
  ProjectShare,
  ProjectShared,
  StoredEvent,
  Subgroup,
  SubgroupAdded,
  SubgroupRenamed,
} from '@fahrplan/contracts';
import { priority } from '@fahrplan/contracts';
import { foldText, withDerived } from '../projections/projection';
import type { Projection } from '../projections/projection';

/** The project read model (§2 dialog, portfolio); priority, duration and subprojects are computed at query time. */
export interface GroupDoc extends Omit<GroupCreated['data'], never> {
  readonly tenant: string;
  readonly version: number;
  readonly deleted: boolean;
  /** Tenants the project is shared with, pending or accepted. */
  readonly sharedWith: readonly string[];
  /** The same shares with their status (§3). */
  readonly shares: readonly ProjectShare[];
  /** The tenants whose share is ACCEPTED: what the shared-project queries match on (indexed, multikey). */
  readonly acceptedBy: readonly string[];
  readonly goals: readonly GroupGoalValue[];
  /** The INDIVIDUAL lanes (absent on documents projected before lanes existed). */
  readonly subgroups?: readonly Subgroup[];
}

/** A document projected before shares had a status knows only the tenants, all of them pending. */
export const sharesOf = (doc: GroupDoc): readonly ProjectShare[] =>
  doc.shares ?? (doc.sharedWith ?? []).map((tenant) => ({ tenant, status: 'PENDING' as const }));

/** The next shares, and the two lists derived from them. */
const withShares = (
  doc: GroupDoc,
  change: (shares: readonly ProjectShare[]) => readonly ProjectShare[],
): GroupDoc => {
  const shares = change(sharesOf(doc));
  return {
    ...doc,
    shares,
    sharedWith: shares.map((s) => s.tenant),
    acceptedBy: shares.filter((s) => s.status === 'ACCEPTED').map((s) => s.tenant),
  };
};

const mergeGoals = (current: readonly GroupGoalValue[], changed: readonly GroupGoalValue[]) => {
  const values = new Map(current.map((g) => [g.goalId, g.value]));
  for (const g of changed) values.set(g.goalId, g.value);
  return [...values].map(([goalId, value]) => ({ goalId, value })).sort((a, b) => a.goalId - b.goalId);
};

const projectedGroups: Projection<GroupDoc> = {
  collection: 'groups',
  version: 2,
  multikey: ['acceptedBy', 'applications'],
  handles: [
    'GroupCreated',
    'GroupUpdated',
    'GroupDeleted',
    'GroupGoalsSet',
    'ProjectShared',
    'ProjectUnshared',
    'ProjectShareAccepted',
    'ProjectShareDeclined',
    'SubgroupAdded',
    'SubgroupRenamed',
  ],
  documentId: (event) => String((event.data as { id: number }).id),
  // GET /api/groups (all, by status, by application), by title, subprojects by parent: for the
  // tenant's own projects and for those shared with it and accepted
  indexes: [
    { tenant: 1, deleted: 1, status: 1 },
    { tenant: 1, deleted: 1, title: 1 },
    { tenant: 1, deleted: 1, applications: 1 },
    { tenant: 1, deleted: 1, parent: 1, title: 1 },
    { acceptedBy: 1, deleted: 1, status: 1 },
    { acceptedBy: 1, deleted: 1, title: 1 },
    { acceptedBy: 1, deleted: 1, applications: 1 },
    { acceptedBy: 1, deleted: 1, parent: 1, title: 1 },
    // the timeline's rows: by title, or the chosen projects by id
    { tenant: 1, deleted: 1, _title: 1, _id: 1 },
    { acceptedBy: 1, deleted: 1, _title: 1, _id: 1 },
    { tenant: 1, deleted: 1, id: 1 },
    { acceptedBy: 1, deleted: 1, id: 1 },
  ],
  evolve: (doc, event: StoredEvent) => {
    if (event.type === 'GroupCreated')
      return {
        ...(event.data as GroupCreated['data']),
        tenant: event.metadata.tenant,
        version: event.revision,
        deleted: false,
        sharedWith: [],
        shares: [],
        acceptedBy: [],
        goals: [],
        subgroups: [],
      };
    if (!doc) return doc;
    const next = { ...doc, version: event.revision };
    const { tenant } = event.data as ProjectShared['data'];
    switch (event.type) {
      case 'GroupUpdated':
        return { ...next, ...(event.data as GroupUpdated['data']).changes };
      case 'GroupDeleted':
        return { ...next, deleted: true };
      case 'GroupGoalsSet':
        return { ...next, goals: mergeGoals(doc.goals, (event.data as GroupGoalsSet['data']).goals) };
      case 'ProjectShared':
        return withShares(next, (shares) => [
          ...shares,
          { tenant, status: (event.data as ProjectShared['data']).status },
        ]);
      case 'ProjectUnshared':
      case 'ProjectShareDeclined':
        return withShares(next, (shares) => shares.filter((s) => s.tenant !== tenant));
      case 'ProjectShareAccepted':
        return withShares(next, (shares) =>
          shares.map((s) => (s.tenant === tenant ? { tenant, status: 'ACCEPTED' } : s)),
        );
      case 'SubgroupAdded': {
        const { subgroup } = event.data as SubgroupAdded['data'];
        const lanes = (doc.subgroups ?? []).filter((s) => s.id !== subgroup.id);
        return { ...next, subgroups: [...lanes, subgroup] };
      }
      case 'SubgroupRenamed': {
        const { subgroup, name } = event.data as SubgroupRenamed['data'];
        return {
          ...next,
          subgroups: (doc.subgroups ?? []).map((s) => (s.id === subgroup ? { ...s, name } : s)),
        };
      }
      default:
        return doc;
    }
  },
};

/** A project's priority (§9); a recorded metric outside today's scale counts as no rating. */
export const priorityOf = (doc: Pick<GroupDoc, 'metrics'>): number => {
  try {
    return priority(doc.metrics ?? []);
  } catch {
    return 0;
  }
};

/** What the portfolio's search (`q`) looks in. */
export const searchedGroupFields = ['title', 'shortname', 'description', 'contact', 'projectNr'] as const;

/** Projects, with the portfolio's sort keys and search text derived (issue 17). */
export const groupsProjection = withDerived(projectedGroups, (doc) => ({
  _title: foldText(doc.title),
  _search: searchedGroupFields.map((field) => foldText(doc[field])).join('\n'),
  _priority: priorityOf(doc),
}));

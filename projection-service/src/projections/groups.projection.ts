import type {
  AccountCreated,
  AccountEntriesAdded,
  AccountRefType,
  GoalCreated,
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
import { entryKey } from './accounts.projection';
import { recordProjection } from './projection';
import type { Projection, RecordDoc } from './projection';

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

export const groupsProjection: Projection<GroupDoc> = {
  collection: 'groups',
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

/** A goal; documents projected before goals could change lack `version` and `deleted`. */
export interface GoalDoc extends Omit<GoalCreated['data'], never>, RecordDoc {}

export const goalsProjection = recordProjection<GoalDoc>({
  collection: 'goals',
  kind: 'Goal',
  // GET /api/goals: the tenant's goals by rank (a tenant has few; deleted ones are left out after reading)
  indexes: [{ tenant: 1, rank: 1, id: 1 }],
});

/**
 * An account's amount per entry key and their sum: the project's `budget` in GET /api/groups.
 * Its own small collection rather than a field of the project, because AccountEntriesAdded names only
 * the account and a projection folds one document per event; the portfolio then reads one small
 * document per project account (by id, one round trip) instead of every entry of the accounts collection.
 */
export interface AccountBudgetDoc {
  readonly id: number;
  readonly tenant: string;
  readonly refType: AccountRefType;
  readonly refId: number;
  readonly amounts: readonly { readonly key: string; readonly amount: number | null }[];
  readonly budget: number;
}

export const accountBudgetsProjection: Projection<AccountBudgetDoc> = {
  collection: 'accountBudgets',
  handles: ['AccountCreated', 'AccountEntriesAdded'],
  documentId: (event) => String((event.data as { id: number }).id),
  // read by account id only
  indexes: [],
  evolve: (doc, event: StoredEvent) => {
    if (event.type === 'AccountCreated') {
      const { id, refType, refId } = event.data as AccountCreated['data'];
      return { id, tenant: event.metadata.tenant, refType, refId, amounts: [], budget: 0 };
    }
    if (!doc || event.type !== 'AccountEntriesAdded') return doc;
    const amounts = new Map(doc.amounts.map((a) => [a.key, a.amount]));
    for (const entry of (event.data as AccountEntriesAdded['data']).entries)
      amounts.set(entryKey(entry), entry.amount);
    const next = [...amounts].map(([key, amount]) => ({ key, amount }));
    return { ...doc, amounts: next, budget: next.reduce((sum, a) => sum + (a.amount ?? 0), 0) };
  },
};

import { subgroupsOf } from '@fahrplan/contracts';
import type { CalendarRules, GroupView } from '@fahrplan/contracts';
import { strip } from '../http/query-helpers';
import { isTombstone } from '../read-store/read-store';
import type { ReadView } from '../read-store/read-store';
import type { AccountBudgetDoc } from './account-budgets.projection';
import { durationOf, priorityOf, sharesOf } from './groups.projection';
import type { GroupDoc } from './groups.projection';
import { isVisible } from './visible-groups';

/** Project id → title of the parents of `docs` that `tenant` sees: one read by id. */
export const parentTitles = async (
  store: ReadView,
  tenant: string,
  docs: readonly GroupDoc[],
): Promise<Map<number, string>> => {
  const parents = [...new Set(docs.flatMap((d) => (d.parent === null ? [] : [String(d.parent)])))];
  if (parents.length === 0) return new Map();
  const stored = await store.getMany('groups', parents);
  return new Map(
    [...stored.values()]
      .filter((doc) => isVisible(doc, tenant))
      .map((doc) => [doc.id as number, doc.title as string]),
  );
};

/**
 * Account id → sum of its entries' amounts, for the projects' accounts: one read by id of the small
 * accountBudgets documents (see accountBudgetsProjection), only accounts of the project's owner.
 */
export const budgetsOf = async (store: ReadView, docs: readonly GroupDoc[]): Promise<Map<number, number>> => {
  const owners = new Map(docs.filter((d) => d.account !== null).map((d) => [d.account!, d.tenant]));
  if (owners.size === 0) return new Map();
  const stored = await store.getMany(
    'accountBudgets',
    [...owners.keys()].map((id) => String(id)),
  );
  const budgets = new Map<number, number>();
  for (const doc of stored.values()) {
    if (isTombstone(doc)) continue;
    const account = strip<AccountBudgetDoc>(doc);
    if (owners.get(account.id) === account.tenant) budgets.set(account.id, account.budget);
  }
  return budgets;
};

/**
 * The API view of a project for `viewer`'s tenant. Of a shared project the viewer sees only its own
 * share, not which other tenants the owner shares it with.
 */
export const groupView = (
  doc: GroupDoc,
  viewer: string,
  titles: Map<number, string>,
  budgets: Map<number, number>,
  rules?: CalendarRules,
): GroupView => {
  const { acceptedBy: _acceptedBy, ...fields } = doc;
  const shared = doc.tenant !== viewer;
  const all = sharesOf(doc);
  const shares = shared ? all.filter((s) => s.tenant === viewer) : all;
  return {
    ...fields,
    shared,
    sharedWith: shares.map((s) => s.tenant),
    shares,
    budget: doc.account === null ? null : (budgets.get(doc.account) ?? null),
    priority: priorityOf(doc),
    duration: durationOf(doc.start, doc.end, rules),
    parentTitle: doc.parent === null ? null : (titles.get(doc.parent) ?? null),
    subgroups: subgroupsOf(doc.subgroups ?? []),
  };
};
